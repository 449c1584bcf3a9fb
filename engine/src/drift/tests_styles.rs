//! One scenario per battle style: a fixed deck, played with and without the style.

use super::strategy::{Heuristic, Plain};
use super::tests::{cards, eager, plain_driver, play_checked};
use super::*;
use crate::{Game, GameSeeds};
use Style::*;

pub(crate) const ZERO: Driver = Driver::new(0, 0, 0);

fn chase(a: Driver, b: Driver, deck: &str) -> DriftGame {
    DriftGame::chase(DriftRules::default(), a, b).with_deck(&cards(deck)).unwrap()
}

fn team(a: &[Driver], b: &[Driver], deck: &str) -> DriftGame {
    let (a, b) = (Team::new(a).unwrap(), Team::new(b).unwrap());
    DriftGame::team(DriftRules::default(), a, b).with_deck(&cards(deck)).unwrap()
}

/// Seat 0 plays plain, seat 1 declares everything it is offered.
fn eager_chaser(game: &DriftGame) -> DriftOutcome {
    play_checked(game, &mut (Plain, eager()), 7)
}

#[test]
fn juggernaut_adds_one_to_the_card_and_to_the_target() {
    // Chaser 5 against 6: fails; with Juggernaut 6 >= 6 scores (then K vs 2 fails).
    let deck = "6S 5S KS 2S";
    let without = eager_chaser(&chase(ZERO, ZERO, deck));
    let with = eager_chaser(&chase(ZERO, ZERO.with(Juggernaut), deck));
    assert_eq!((without.points[1], with.points[1]), (0, 1));
    assert!(with.uses(1, Juggernaut) >= 1);
    // As leader: a 6 target becomes 7 and a 6 no longer scores.
    let deck = "6S 6H KS 2S";
    assert!(eager_chaser(&chase(ZERO, ZERO, deck)).first_round_scored[1]);
    assert!(!eager_chaser(&chase(ZERO.with(Juggernaut), ZERO, deck)).first_round_scored[1]);
}

#[test]
fn supernova_scores_three_or_costs_three_lives() {
    let deck = "5S 9S KS 2S";
    let without = eager_chaser(&chase(ZERO, ZERO, deck));
    let with = eager_chaser(&chase(ZERO, ZERO.with(Supernova), deck));
    assert_eq!((without.points[1], without.lives_lost[1], without.life_left[1]), (1, 1, -1));
    assert_eq!((with.points[1], with.lives_lost[1], with.life_left[1]), (3, 3, -3));
    assert_eq!(with.uses(1, Supernova), 2);
    // Plain play never declares it.
    assert_eq!(play_checked(&chase(ZERO, ZERO.with(Supernova), deck), &mut (Plain, Plain), 1).points[1], 1);
}

#[test]
fn road_dancer_adds_three_lives_with_a_drift_home_only() {
    let deck = "KS 2S KH 2H KD 2D KC 2C";
    let drift = Driver { home_is_drift: true, ..ZERO };
    let life = |d: Driver| {
        let o = eager_chaser(&chase(ZERO, d, deck));
        o.life_left[1] + o.lives_lost[1] as i16
    };
    assert_eq!(life(drift), 0);
    assert_eq!(life(drift.with(RoadDancer)), 3);
    assert_eq!(life(ZERO.with(RoadDancer)), 0);
}

#[test]
fn barbaroi_makes_the_round_after_a_score_worth_two() {
    let deck = "5S 9S 5H 9H KS 2S";
    assert_eq!(eager_chaser(&chase(ZERO, ZERO, deck)).points[1], 2);
    let with = eager_chaser(&chase(ZERO, ZERO.with(Barbaroi), deck));
    assert_eq!((with.points[1], with.uses(1, Barbaroi)), (3, 1));
}

#[test]
fn centaur_gives_the_leader_three_more_cards() {
    // With Centaur the leader holds 2S 3S KS, draws 2H and sets K: the chaser's 9H fails.
    // Without, the target is 2S and the chaser's 3S scores.
    let deck = "2S 3S KS 2H 9H";
    let without = play_checked(&chase(ZERO, ZERO, deck), &mut (Heuristic::shipped(), Plain), 1);
    let with = play_checked(&chase(ZERO.with(Centaur), ZERO, deck), &mut (Heuristic::shipped(), Plain), 1);
    assert!(without.first_round_scored[1] && !with.first_round_scored[1]);
    assert_eq!(with.uses(0, Centaur), 1);
}

#[test]
fn speed_master_swaps_up_to_three_cards_with_a_drift_home() {
    // Hand 2S 3S. With SpeedMaster both are swapped for KS QS, the target is JS and QS
    // scores. Without, the target is KS and neither QS (drawn) nor the hand reaches it.
    let deck = "2S 3S KS QS JS 4S";
    let d = Driver { home_is_drift: true, ..plain_driver(0, 0, 2) };
    let play = |d: Driver| play_checked(&chase(ZERO, d, deck), &mut (Plain, Heuristic::shipped()), 1);
    assert!(!play(d).first_round_scored[1]);
    let with = play(d.with(SpeedMaster));
    assert!(with.first_round_scored[1]);
    assert_eq!(with.uses(1, SpeedMaster), 1);
    let no_drift = Driver { home_is_drift: false, ..d }.with(SpeedMaster);
    assert!(!play(no_drift).first_round_scored[1]);
}

#[test]
fn madness_makes_the_leaders_exchange_random() {
    // Leader hand KS 2S draws 3S and swaps for the K; under Madness the card taken is
    // random, and the 2S target lets the chaser's 5S score about half the time.
    let deck = "KS 2S 3S 5S KH 2H";
    let leader = plain_driver(0, 2, 0);
    let count = |chaser: Driver| {
        (0..200)
            .filter(|&s| {
                play_checked(&chase(leader, chaser, deck), &mut (Heuristic::shipped(), Plain), s).first_round_scored[1]
            })
            .count()
    };
    assert_eq!(count(ZERO), 0);
    let scored = count(ZERO.with(Madness));
    assert!((60..140).contains(&scored), "{scored}");
}

#[test]
fn phantom_trades_a_point_for_a_life() {
    let deck = "5S 9S KS 2S KH 2H KD 2D";
    let d = plain_driver(1, 0, 0);
    let without = eager_chaser(&chase(ZERO, d, deck));
    let with = eager_chaser(&chase(ZERO, d.with(Phantom), deck));
    assert_eq!((without.points[1], without.rounds[1]), (1, 3));
    assert_eq!((with.points[1], with.rounds[1], with.uses(1, Phantom)), (0, 4, 1));
}

#[test]
fn indra_plays_face_up_for_two_points() {
    // QS face up, refill 2S; target JS: 2 points. Then 2S face up, refill KS, target 3S:
    // fails. Without: JS beats 2S (1 point), then 3S fails against KS.
    let deck = "QS 2S JS KS 3S";
    let d = plain_driver(0, 0, 1);
    let without = eager_chaser(&chase(ZERO, d, deck));
    let with = eager_chaser(&chase(ZERO, d.with(Indra), deck));
    assert_eq!((without.points[1], without.rounds[1]), (1, 2));
    assert_eq!((with.points[1], with.rounds[1], with.uses(1, Indra)), (2, 2, 2));
}

#[test]
fn gungnir_reveals_a_card_that_counts_as_king() {
    // 2S revealed; against a KS target it is played as a K and scores.
    let deck = "2S KS 3S KH 4S";
    let d = plain_driver(0, 0, 1);
    let without = eager_chaser(&chase(ZERO, d, deck));
    let with = eager_chaser(&chase(ZERO, d.with(Gungnir), deck));
    assert_eq!((without.points[1], with.points[1]), (0, 1));
    assert_eq!(with.uses(1, Gungnir), 1);
}

#[test]
fn illusion_adds_a_point_when_the_extra_card_reaches_the_target() {
    let deck = "5S 9S QS JS 2S";
    let without = eager_chaser(&chase(ZERO, ZERO, deck));
    let with = eager_chaser(&chase(ZERO, ZERO.with(Illusion), deck));
    assert_eq!((without.points[1], without.scored[1]), (1, 1));
    assert_eq!((with.points[1], with.scored[1], with.rounds[1]), (2, 1, 2));
}

#[test]
fn legal_high_pays_a_life_for_plus_two() {
    // Chaser: 5+2 >= 6 scores; the +2 lasts until the failed 6+2 < 9.
    let deck = "6S 5S 9S 6H";
    let d = plain_driver(1, 0, 0);
    let without = eager_chaser(&chase(ZERO, d, deck));
    let with = eager_chaser(&chase(ZERO, d.with(LegalHigh), deck));
    assert_eq!((without.points[1], without.rounds[1]), (0, 2));
    assert_eq!((with.points[1], with.rounds[1], with.uses(1, LegalHigh)), (1, 2, 1));
    // Leader: the 6 target counts 8, and the chaser's 7 fails.
    let leader = plain_driver(3, 0, 0);
    let deck = "6S 7S";
    let lead = |l: Driver| play_checked(&chase(l, ZERO, deck), &mut (eager(), Plain), 1);
    assert!(lead(leader).first_round_scored[1]);
    let with = lead(leader.with(LegalHigh));
    assert!(!with.first_round_scored[1]);
    // Once as leader (life 3 -> 2), once more as chaser in the second chase.
    assert_eq!(with.uses(0, LegalHigh), 2);
}

#[test]
fn drift_meister_keeps_life_on_a_same_colour_failure() {
    let deck = "KS 2C KH 2S";
    let without = eager_chaser(&chase(ZERO, ZERO, deck));
    let with = eager_chaser(&chase(ZERO, ZERO.with(DriftMeister), deck));
    assert_eq!((without.rounds[1], without.lives_lost[1]), (1, 1));
    assert_eq!((with.rounds[1], with.lives_lost[1], with.uses(1, DriftMeister)), (2, 1, 1));
}

#[test]
fn jet_stream_raises_the_points_of_a_streak() {
    let deck = "2S 3S 2H 3H 2D 3D KS 4S";
    assert_eq!(eager_chaser(&chase(ZERO, ZERO, deck)).points[1], 3);
    let with = eager_chaser(&chase(ZERO, ZERO.with(JetStream), deck));
    assert_eq!((with.points[1], with.uses(1, JetStream)), (1 + 2 + 3, 2));
}

#[test]
fn concorde_heals_the_team_on_same_colour_cards() {
    // Team life 1. KS vs 2S 3S fails, all black: healed back to 1. Then two failures.
    let deck = "KS 2S 3S KH 2H 3C KD 2D 4C";
    let head = plain_driver(1, 0, 0);
    let without = eager_chaser(&team(&[ZERO], &[head, ZERO], deck));
    let with = eager_chaser(&team(&[ZERO], &[head.with(Concorde), ZERO], deck));
    assert_eq!(without.rounds[1], 2);
    assert_eq!((with.rounds[1], with.uses(1, Concorde)), (3, 1));
}

#[test]
fn ballista_sends_cards_back_and_draws_the_shortfall() {
    // Chaser holds 2 cards; the leader's Ballista returns both and draws 1 for itself.
    let hands = |leader: Driver| {
        let game = chase(leader, plain_driver(0, 0, 2), "2S 3S KS 4S QS");
        let mut st = game.new_state();
        game.start(&mut st);
        game.deal(&mut st, &mut GameSeeds::new(1).rng(0));
        assert!(game.cards_conserved(&st));
        (st.hands[0].len, st.hands[1].len, st.deck.len, st.sides[0].uses[Ballista as usize])
    };
    assert_eq!(hands(ZERO), (0, 2, 52, 0));
    assert_eq!(hands(ZERO.with(Ballista)), (1, 0, 53, 1));
}

#[test]
fn harlequin_heals_a_life_when_the_extra_card_reaches_the_target() {
    let deck = "KS 2S 5S 9S QS JS 2H KH 3H";
    let d = plain_driver(1, 0, 0);
    let without = eager_chaser(&chase(ZERO, d, deck));
    let with = eager_chaser(&chase(ZERO, d.with(Harlequin), deck));
    assert_eq!((without.points[1], without.rounds[1]), (1, 3));
    assert_eq!((with.points[1], with.rounds[1], with.lives_lost[1]), (1, 4, 3));
}

#[test]
fn quadriga_doubles_when_the_whole_team_holds_it_and_cards_match() {
    let deck = "2S 3S 4S KS 2H 3H";
    let q = ZERO.with(Quadriga);
    assert_eq!(eager_chaser(&team(&[ZERO], &[ZERO, ZERO], deck)).points[1], 1);
    assert_eq!(eager_chaser(&team(&[ZERO], &[q, ZERO], deck)).points[1], 1);
    let with = eager_chaser(&team(&[ZERO], &[q, q], deck));
    assert_eq!((with.points[1], with.uses(1, Quadriga)), (2, 1));
    // Mixed colours: no doubling.
    assert_eq!(eager_chaser(&team(&[ZERO], &[q, q], "2S 3S 4H KS 2H 3H")).points[1], 1);
}

#[test]
fn remora_adds_two_for_a_follower() {
    // Target 5: the 先導's 4 and the 後続's 3 fail; with Remora the 後続's 3+2 reaches it.
    let deck = "5S 4S 3S KS 2H 3H";
    assert_eq!(eager_chaser(&team(&[ZERO], &[ZERO, ZERO], deck)).points[1], 0);
    assert_eq!(eager_chaser(&team(&[ZERO], &[ZERO, ZERO.with(Remora)], deck)).points[1], 1);
    // Not for the 先導 (3 stays 3).
    assert_eq!(eager_chaser(&team(&[ZERO], &[ZERO.with(Remora), ZERO], "5S 3S 4S KS 2H 3H")).points[1], 0);
    // A leading 後続's Remora raises the target it sets: 4+2 > 5.
    let lead = |follower: Driver| eager_chaser(&team(&[ZERO, follower], &[ZERO], "3S 4S 5S KS 2H 3H"));
    assert_eq!((lead(ZERO).points[1], lead(ZERO.with(Remora)).points[1]), (1, 0));
}

#[test]
fn swastika_adds_two_in_a_solo_run_only() {
    let deck = "5S 3S KS 2S";
    let solo = |d: Driver| {
        play_checked(&DriftGame::solo(DriftRules::default(), d).with_deck(&cards(deck)).unwrap(), &mut [&mut Plain], 1)
    };
    assert_eq!(solo(ZERO).points[0], 0);
    let with = solo(ZERO.with(Swastika));
    assert_eq!((with.points[0], with.uses(0, Swastika)), (1, 2));
    assert_eq!(eager_chaser(&chase(ZERO, ZERO.with(Swastika), deck)).points[1], 0);
}

#[test]
fn diamond_cutter_adds_a_point_for_a_diamond() {
    let deck = "KS 2D";
    let rules = |needs| DriftRules { diamond_cutter_needs_score: needs, ..DriftRules::default() };
    let game = |d: Driver, needs| DriftGame::chase(rules(needs), ZERO, d).with_deck(&cards(deck)).unwrap();
    assert_eq!(eager_chaser(&game(ZERO, false)).points[1], 0);
    assert_eq!(eager_chaser(&game(ZERO.with(DiamondCutter), false)).points[1], 1);
    assert_eq!(eager_chaser(&game(ZERO.with(DiamondCutter), true)).points[1], 0);
}

#[test]
fn brotherhood_adds_two_per_follower() {
    let deck = "2S 3S 4H 5C KS 2H 3H 4C";
    let b = ZERO.with(Brotherhood);
    assert_eq!(eager_chaser(&team(&[ZERO], &[ZERO, ZERO, ZERO], deck)).points[1], 1);
    assert_eq!(eager_chaser(&team(&[ZERO], &[b, b, ZERO], deck)).points[1], 1);
    let with = eager_chaser(&team(&[ZERO], &[b, b, b], deck));
    assert_eq!((with.points[1], with.uses(1, Brotherhood)), (1 + 2 * 2, 1));
}

#[test]
fn heuristic_uses_declared_styles_where_plain_does_not() {
    let d = Driver { home_is_drift: true, ..plain_driver(4, 5, 5) };
    let declared = [Supernova, Indra, LegalHigh, Illusion, Harlequin, Gungnir, SpeedMaster];
    let all = declared.iter().fold(d, |d, &s| d.with(s));
    let game = DriftGame::chase(DriftRules::default(), all, all);
    let mut uses = [[0u32; Style::COUNT]; 2];
    for seed in 0..200 {
        let h = play_checked(&game, &mut (Heuristic::shipped(), Heuristic::shipped()), seed);
        let p = play_checked(&game, &mut (Plain, Plain), seed);
        for s in declared {
            uses[0][s as usize] += u32::from(h.uses(0, s) + h.uses(1, s));
            uses[1][s as usize] += u32::from(p.uses(0, s) + p.uses(1, s));
        }
    }
    for s in declared {
        assert!(uses[0][s as usize] > 0, "heuristic never used {s}");
        assert_eq!(uses[1][s as usize], 0, "plain used {s}");
    }
}
