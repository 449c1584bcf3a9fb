//! The team-battle reading (団体戦): a 後続 never lowers a team's chance to score, the
//! leading team's 後続 take part, and the unrestricted styles act while the ones the seed
//! ties to a chase or a solo run do not.

use super::tests::{cards, eager, play_checked};
use super::tests_styles::ZERO;
use super::*;
use crate::Game;
use Style::*;

fn team(a: &[Driver], b: &[Driver], deck: &str) -> DriftGame {
    let (a, b) = (Team::new(a).unwrap(), Team::new(b).unwrap());
    DriftGame::team(DriftRules::default(), a, b).with_deck(&cards(deck)).unwrap()
}

/// Seat 0 plays plain, seat 1 (the team chasing first) declares everything it is offered.
fn eager_team(game: &DriftGame) -> DriftOutcome {
    play_checked(game, &mut (strategy::Plain, eager()), 7)
}

#[test]
fn each_style_acts_in_some_mode_and_only_the_seeds_modes() {
    let (chase, solo, team) = (Mode::Chase.acting_styles(), Mode::Solo.acting_styles(), Mode::Team.acting_styles());
    assert!(Style::ALL.iter().all(|&s| chase.contains(s) || solo.contains(s) || team.contains(s)));
    assert_eq!((chase.len(), solo.len(), team.len()), (17, 14, 14));
    assert!(solo.contains(Swastika) && !chase.contains(Swastika) && !team.contains(Swastika));
    for s in [Concorde, Quadriga, Remora, Brotherhood] {
        assert!(team.contains(s) && !chase.contains(s) && !solo.contains(s));
    }
    for s in [Centaur, Madness, Indra, Ballista] {
        assert!(chase.contains(s) && !solo.contains(s) && !team.contains(s));
    }
}

#[test]
fn a_follower_never_lowers_the_chance_to_score() {
    // Target 9: the 先導's 5 fails, the 後続's K reaches it: the team scores.
    let deck = "9S 5S KS KH 2H 3H";
    assert_eq!(eager_team(&team(&[ZERO], &[ZERO], deck)).points[1], 0);
    assert_eq!(eager_team(&team(&[ZERO], &[ZERO, ZERO], deck)).points[1], 1);
}

#[test]
fn the_leading_teams_followers_set_the_target_with_their_leader() {
    // The leading 先導 draws 5, its 後続 a K: the target is K and the chaser's 7 fails.
    // Alone, the 先導's 5 is the target and the chaser's K scores.
    let alone = eager_team(&team(&[ZERO], &[ZERO], "5S KS 7S 2H"));
    assert!(alone.first_round_scored[1]);
    let o = eager_team(&team(&[ZERO, ZERO], &[ZERO], "5S KS 7S 2H"));
    assert!(!o.first_round_scored[1]);
    // A joker is void: the 後続's 4 is the target over the 先導's joker.
    let o = eager_team(&team(&[ZERO, ZERO], &[ZERO], "JK 4S 3S KH 2H"));
    assert!(!o.first_round_scored[1]);
}

#[test]
fn unrestricted_styles_act_in_team_battle_and_restricted_ones_do_not() {
    // The chasing 先導's Supernova: a scoring round is worth 3.
    let deck = "2S 3S 4S KS 2H 3H";
    assert_eq!(eager_team(&team(&[ZERO], &[ZERO, ZERO], deck)).points[1], 1);
    let o = eager_team(&team(&[ZERO], &[ZERO.with(Supernova), ZERO], deck));
    assert_eq!((o.points[1], o.uses(1, Supernova)), (3, 2));
    // Swastika is for solo runs only, Centaur for a chase's leader only.
    let o = eager_team(&team(&[ZERO], &[ZERO.with(Swastika), ZERO.with(Swastika)], "5S 4S 3S KS 2H 3H"));
    assert_eq!((o.points[1], o.uses(1, Swastika)), (0, 0));
    let centaur = Driver { speed: 1, ..ZERO }.with(Centaur);
    let game = team(&[centaur], &[ZERO], "5S KS 7S 2H");
    let mut st = game.new_state();
    game.start(&mut st);
    game.deal(&mut st, &mut crate::GameSeeds::new(1).rng(0));
    assert_eq!(st.hands[0].len, 1);
}
