//! Rule tests: exact probability, jokers, negative stats, rank ③, solo run, deck handling,
//! and random-play invariants over every mode.

use super::strategy::{Heuristic, Plain, Random};
use super::*;
use crate::testing::{PlayCheck, Validate, check_game, check_play, ensure};
use crate::{Game, GameRng, GameSeeds, Players, Seat, Strategy, Table};

/// A strategy from a closure, for scripted scenarios.
pub(crate) struct By<F>(pub(crate) F);

impl<F> Strategy<DriftGame> for By<F>
where
    F: FnMut(&DriftView<'_>, &[DriftAction]) -> DriftAction + Send,
{
    fn choose(&mut self, view: &DriftView<'_>, legal: &[DriftAction], _: &mut GameRng) -> DriftAction {
        (self.0)(view, legal)
    }
}

/// Declares everything offered, reveals / plays face up hand card 0, plays drawn cards.
pub(crate) fn eager() -> By<impl FnMut(&DriftView<'_>, &[DriftAction]) -> DriftAction + Send> {
    By(|view: &DriftView<'_>, legal: &[DriftAction]| match view.ask() {
        Ask::Reveal | Ask::Indra => DriftAction::Hand(0),
        Ask::Pick | Ask::BonusPick => DriftAction::PlayDrawn,
        Ask::SpeedMaster => DriftAction::No,
        _ if legal.contains(&DriftAction::Yes) => DriftAction::Yes,
        _ => DriftAction::No,
    })
}

pub(crate) fn cards(text: &str) -> Vec<Card> {
    Card::parse_list(text).unwrap()
}

/// Cards conserved (every card in exactly one place), each hand's number counts equal
/// to its cards', and a decision is only ever posed with at least two options.
impl Validate for DriftGame {
    fn validate(&self, st: &DriftState) -> Result<(), String> {
        ensure(self.cards_conserved(st), || "a card is lost or duplicated".into())?;
        for (slot, hand) in st.hands.iter().enumerate() {
            let counted = hand::NumberCounts::of(hand.as_slice());
            ensure(hand.numbers() == counted, || {
                format!("hand {slot} counts {:?}, holds {counted:?}", hand.numbers())
            })?;
        }
        if self.to_move(st).is_some() {
            let mut legal = Vec::new();
            self.legal_actions(st, &mut legal);
            ensure(legal.len() >= 2, || format!("a lone option is asked: {legal:?}"))?;
        }
        Ok(())
    }
}

/// The most decisions of a battle: far above the rules' round caps.
pub(crate) const MAX_DECISIONS: usize = 100_000;

/// Plays game 0 of `seed` step by step with the shared harness's checks.
pub(crate) fn play_checked<P: Players<DriftGame> + ?Sized>(
    game: &DriftGame,
    players: &mut P,
    seed: u64,
) -> DriftOutcome {
    let played = check_game(game, players, &mut GameSeeds::new(seed).rng(0), MAX_DECISIONS).unwrap();
    game.outcome(&played.state)
}

pub(crate) fn plain_driver(rank: i8, speed: i8, horsepower: i8) -> Driver {
    Driver::new(rank, speed, horsepower)
}

fn plain_battle(game: &DriftGame, seed: u64) -> DriftOutcome {
    play_checked(game, &mut (Plain, Plain), seed)
}

#[test]
fn first_round_score_rate_matches_exact_probability() {
    // The first round of a chase draws its two cards from a full deck (the deck is
    // gathered at the role swap), and plain play uses exactly those draws: each chase's
    // first round is an independent Bernoulli trial, two per battle, whatever the
    // stopping rule does afterwards.
    let rules = DriftRules::default();
    let p = exact_chaser_score_probability(&rules);
    assert!((p - 1508.0 / 2862.0).abs() < 1e-15);
    let d = plain_driver(3, 4, 4);
    let game = DriftGame::chase(rules, d, d);
    let seeds = GameSeeds::new(2026);
    let mut table = Table::new(&game);
    let (mut hits, mut n) = (0u64, 0u64);
    for i in 0..150_000 {
        let o = table.play(&game, &mut (Plain, Plain), &mut seeds.rng(i));
        hits += o.first_round_scored.iter().map(|&b| u64::from(b)).sum::<u64>();
        n += 2;
    }
    let rate = hits as f64 / n as f64;
    let half = 3.2905 * (p * (1.0 - p) / n as f64).sqrt();
    assert!((rate - p).abs() < half, "rate {rate} vs exact {p} ± {half}");
    // Negative control: the same trials do not match a neighbouring value.
    let q = p + 4.0 * half;
    assert!((rate - q).abs() > 3.2905 * (q * (1.0 - q) / n as f64).sqrt());
}

#[test]
fn solo_first_round_matches_exact_probability() {
    let rules = DriftRules::default();
    let p = exact_chaser_score_probability(&rules);
    let game = DriftGame::solo(rules, plain_driver(2, 4, 4));
    assert_eq!(game.num_seats(), 1);
    let seeds = GameSeeds::new(9);
    let mut table = Table::new(&game);
    let n = 100_000u64;
    let hits: u64 =
        (0..n).map(|i| u64::from(table.play(&game, &mut [&mut Plain], &mut seeds.rng(i)).first_round_scored[0])).sum();
    let rate = hits as f64 / n as f64;
    assert!((rate - p).abs() < 3.2905 * (p * (1.0 - p) / n as f64).sqrt(), "{rate} vs {p}");
}

#[test]
fn jokers_three_cases() {
    let d = plain_driver(0, 0, 0);
    let game = |deck: &str| DriftGame::chase(DriftRules::default(), d, d).with_deck(&cards(deck)).unwrap();
    // Leader's joker: the chaser scores with any number (even an ace), then fails K vs 2.
    let o = plain_battle(&game("JK AS KS 2S KH 2H"), 1);
    assert_eq!((o.points, o.rounds, o.scored), ([0, 1], [1, 2], [0, 1]));
    assert!(o.first_round_scored[1] && !o.first_round_scored[0]);
    assert_eq!(o.winner, Some(1));
    // Chaser's joker: a life lost, even against an ace.
    let o = plain_battle(&game("AS JK KH 2H"), 1);
    assert_eq!((o.points, o.rounds, o.lives_lost), ([0, 0], [1, 1], [1, 1]));
    assert!(!o.first_round_scored[1]);
    assert_eq!(o.winner, None);
    // Both jokers: the chaser loses a life.
    let o = plain_battle(&game("JK JK KH 2H"), 1);
    assert_eq!((o.points, o.lives_lost, o.first_round_scored), ([0, 0], [1, 1], [false, false]));
    // Control: an ace against an ace scores (card >= target).
    let o = plain_battle(&game("AS AH KS 2S KH 2H"), 1);
    assert_eq!(o.points, [0, 1]);
}

#[test]
fn hands_follow_speed_and_horsepower_and_negative_stats_give_cards_away() {
    let sizes = |a: Driver, b: Driver| {
        let game = DriftGame::chase(DriftRules::default(), a, b);
        let mut st = game.new_state();
        game.start(&mut st);
        let mut rng = GameSeeds::new(1).rng(0);
        game.deal(&mut st, &mut rng); // the deal of the first chase
        (st.hands[0].len, st.hands[1].len)
    };
    assert_eq!(sizes(plain_driver(1, 4, 3), plain_driver(1, 2, 5)), (4, 5));
    // Circled speed ② of the leader: the chaser gets 2 more cards, the leader none.
    assert_eq!(sizes(plain_driver(1, -2, 3), plain_driver(1, 2, 5)), (0, 7));
    // Circled horsepower ③ of the chaser: the leader gets 3 more, the chaser none.
    assert_eq!(sizes(plain_driver(1, 4, 3), plain_driver(1, 2, -3)), (7, 0));
    assert_eq!(sizes(plain_driver(1, -1, 3), plain_driver(1, 2, -1)), (1, 1));
    // Centaur only for the leader.
    assert_eq!(sizes(plain_driver(1, 4, 3).with(Style::Centaur), plain_driver(1, 2, 5)), (7, 5));
    assert_eq!(sizes(plain_driver(1, 4, 3), plain_driver(1, 2, 5).with(Style::Centaur)), (4, 5));
}

#[test]
fn rank_three_circled_is_out_after_the_first_exchange() {
    let rookie = plain_driver(-3, 0, 0);
    let ace = plain_driver(0, 0, 0);
    // The rookie chases first-seat... seat 1 chases in chase 1: it scores, yet is out.
    let game = DriftGame::chase(DriftRules::default(), ace, rookie).with_deck(&cards("2S 9S 3S 9H KS 2C")).unwrap();
    let o = plain_battle(&game, 1);
    assert_eq!((o.rounds[1], o.points[1], o.lives_lost[1]), (1, 1, 0));
    // Control: a rank 0 driver who scores keeps chasing (9S/9H scored, then K vs 2 fails).
    let game = DriftGame::chase(DriftRules::default(), rookie, ace).with_deck(&cards("2S 9S 3S 9H KS 2C")).unwrap();
    let o = plain_battle(&game, 1);
    assert_eq!((o.rounds[1], o.points[1]), (3, 2));
    // In random play a circled rank always plays exactly one round.
    let seeds = GameSeeds::new(3);
    let game = DriftGame::chase(DriftRules::default(), plain_driver(3, 4, 4), plain_driver(-3, 4, 4));
    let mut table = Table::new(&game);
    for i in 0..2000 {
        let o = table.play(&game, &mut (Heuristic::shipped(), Random), &mut seeds.rng(i));
        assert_eq!(o.rounds[1], 1);
    }
}

#[test]
fn solo_run_draws_the_target_and_never_asks_a_leader() {
    let d = plain_driver(1, 9, 2);
    let game = DriftGame::solo(DriftRules::default(), d).with_deck(&cards("5S 6H 8S 7C KD 2D KC 3C")).unwrap();
    // Hand 5S 6H; targets 8S, KD, KC; draws 7C, 2D, 3C. The heuristic plays 7C? No: 7 < 8,
    // no hand card reaches 8, so it dumps its lowest card: a failure (life 1 -> 0). Then K
    // against 2D/hand: fail (life -1): out. The plain player fails the same way.
    let mut seen_leader = false;
    let mut watcher = By(|view: &DriftView<'_>, legal: &[DriftAction]| {
        seen_leader |= view.role() == Role::Leader;
        assert!(view.is_solo());
        legal[0]
    });
    let o = play_checked(&game, &mut [&mut watcher], 1);
    assert!(!seen_leader);
    assert_eq!((o.points[0], o.rounds[0], o.lives_lost[0], o.winner), (0, 2, 2, None));
    assert_eq!((o.rounds[1], o.points[1]), (0, 0));
    // Targets are the deck's cards as drawn: a joker target lets any number score.
    let game = DriftGame::solo(DriftRules::default(), plain_driver(0, 0, 0)).with_deck(&cards("JK 2S KH AH")).unwrap();
    let o = play_checked(&game, &mut [&mut Plain], 1);
    assert_eq!((o.points[0], o.rounds[0]), (1, 2));
}

#[test]
fn exchange_swaps_the_drawn_card_into_the_hand() {
    // Leader hand KS (speed 1), chaser hand QH (horsepower 1). Leader draws 2S and swaps:
    // target K. Chaser draws 3C; QH does not reach K either; it fails.
    let game = DriftGame::chase(DriftRules::default(), plain_driver(0, 1, 0), plain_driver(0, 0, 1))
        .with_deck(&cards("KS QH 2S 3C"))
        .unwrap();
    let mut st = game.new_state();
    let mut rng = GameSeeds::new(1).rng(0);
    game.reset(&mut st, &mut rng);
    assert_eq!((game.to_move(&st), game.view(&st, 0).ask()), (Some(0), Ask::Pick));
    let view = game.view(&st, 0);
    assert_eq!((view.hand(), view.drawn()), (&cards("KS")[..], Some(cards("2S")[0])));
    game.apply(&mut st, DriftAction::Hand(0), &mut rng);
    assert_eq!(st.hands[0].as_slice(), &cards("2S")[..]);
    let view = game.view(&st, 1);
    assert_eq!(view.target(), Some((cards("KS")[0], Some(13))));
    assert_eq!(view.drawn(), Some(cards("3C")[0]));
    game.apply(&mut st, DriftAction::Hand(0), &mut rng);
    assert_eq!((st.sides[1].life, st.sides[1].points), (-1, 0));
    assert!(game.cards_conserved(&st));
}

#[test]
fn deck_reshuffles_discards_and_gathers_at_the_swap() {
    // Lives of 18: chases far longer than one deck; conservation is checked every step.
    let d = Driver { home_bonus: 9, ..plain_driver(9, 5, 5) };
    let game = DriftGame::chase(DriftRules::default(), d, d);
    let longest = (0..40).map(|s| plain_battle(&game, s)).map(|o| o.rounds[0].max(o.rounds[1])).max();
    assert!(longest.unwrap() * 2 + 10 > 54, "some chase went through the discards");
    // Fresh deck at the swap: the second deal comes from a full deck.
    let second_deal = |rules: DriftRules| {
        let game = DriftGame::chase(rules, plain_driver(0, 3, 3), plain_driver(0, 3, 3));
        let mut st = game.new_state();
        let mut rng = GameSeeds::new(4).rng(0);
        game.reset(&mut st, &mut rng);
        while st.chase == 0 {
            game.apply(&mut st, DriftAction::PlayDrawn, &mut rng);
        }
        (st.deck.len, st.discard.len)
    };
    let (deck, discard) = second_deal(DriftRules::default());
    assert_eq!((deck, discard), (54 - 6 - 1, 0));
    let (deck, discard) = second_deal(DriftRules::preset("continuous_deck").unwrap());
    assert!(discard >= 8 && deck < 47, "{deck} {discard}");
}

#[test]
fn fixed_deck_rejects_cards_it_does_not_hold() {
    let game = DriftGame::chase(DriftRules::default(), plain_driver(1, 1, 1), plain_driver(1, 1, 1));
    assert!(game.with_deck(&cards("AS AH AD AC")).is_ok());
    let e = game.with_deck(&cards("AS AS")).unwrap_err();
    assert_eq!(e, DriftError::NotInDeck("AS".into()));
    let no_jokers =
        DriftGame::chase(DriftRules::preset("no_jokers").unwrap(), plain_driver(1, 1, 1), plain_driver(1, 1, 1));
    assert!(no_jokers.with_deck(&cards("JK")).is_err());
}

/// Battles of every mode: solo runs and chases of the example line-up's drivers, team
/// battles, every style at once, a continuous deck.
fn games_of_every_mode() -> Vec<DriftGame> {
    let lineup = Lineup::example();
    let teams = Lineup::preset("teams").unwrap();
    let mut games = Vec::new();
    for (_, a) in &lineup.drivers {
        games.push(DriftGame::solo(DriftRules::default(), *a));
        for (_, b) in &lineup.drivers {
            games.push(DriftGame::chase(DriftRules::default(), *a, *b));
        }
    }
    for (_, a) in teams.teams.iter().chain(&lineup.teams) {
        for (_, b) in teams.teams.iter().chain(&lineup.teams) {
            games.push(DriftGame::team(DriftRules::default(), *a, *b));
        }
    }
    let every_style = Driver {
        home_bonus: 2,
        home_is_drift: true,
        styles: Style::ALL.iter().fold(StyleSet::EMPTY, |s, &x| s.with(x)),
        ..plain_driver(3, 5, 5)
    };
    games.push(DriftGame::chase(DriftRules::default(), every_style, every_style));
    games.push(DriftGame::solo(DriftRules::default(), every_style));
    let continuous = DriftRules::preset("continuous_deck").unwrap();
    games.push(DriftGame::chase(continuous, every_style, plain_driver(2, -3, -4)));
    games
}

#[test]
fn random_play_keeps_every_invariant_in_every_mode() {
    for (g, game) in games_of_every_mode().iter().enumerate() {
        let seats = game.num_seats();
        let check = PlayCheck { games: 20, seed: g as u64, max_decisions: MAX_DECISIONS };
        let mut heuristic = [Heuristic::shipped(); 2];
        check_play(game, &mut heuristic[..seats], &check).unwrap_or_else(|e| panic!("game {g}, heuristic: {e}"));
        let mut random = [Random; 2];
        check_play(game, &mut random[..seats], &check).unwrap_or_else(|e| panic!("game {g}, random: {e}"));
        for seed in 0..6u64 {
            let (mut h, mut r, mut r2) = (Heuristic::shipped(), Random, Random);
            let mut players: [&mut dyn Strategy<DriftGame>; 2] = match seed % 3 {
                0 => [&mut r, &mut r2],
                1 => [&mut h, &mut r],
                _ => [&mut h, &mut Heuristic::shipped()],
            };
            let o = play_checked(game, &mut players[..seats], seed + 100 * g as u64);
            for seat in 0..seats {
                assert!(o.rounds[seat] >= 1 && o.scored[seat] <= o.rounds[seat]);
                assert!(o.life_left[seat] < 0 || game.teams()[seat].leader().rank < 0 || o.round_cap_hit);
            }
            let expected: Option<Seat> = match o.points[0].cmp(&o.points[1]) {
                _ if seats == 1 => None,
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            };
            assert_eq!(o.winner, expected);
        }
    }
}

/// Plays game `index` of `seed` through the step API (`to_move`, `legal_actions`, `view`,
/// `apply`): the final state and the outcome.
fn play_by_steps<P: Players<DriftGame> + ?Sized>(
    game: &DriftGame,
    players: &mut P,
    seeds: &GameSeeds,
    index: u64,
) -> (DriftState, DriftOutcome) {
    let (mut st, mut legal, mut rng) = (game.new_state(), Vec::new(), seeds.rng(index));
    game.reset(&mut st, &mut rng);
    while let Some(seat) = game.to_move(&st) {
        game.legal_actions(&st, &mut legal);
        let action = players.choose(seat, &game.view(&st, seat), &legal, &mut rng);
        game.apply(&mut st, action, &mut rng);
    }
    let outcome = game.outcome(&st);
    (st, outcome)
}

#[test]
fn table_play_and_the_step_api_play_the_same_battles() {
    // `Table::play` runs drift's own loop (`Game::play`), the step API the generic one: the
    // same seed gives the same battle, to the last card of the final state (each on a fresh
    // table: a table's storage keeps stale cards past the piles' ends).
    for (g, game) in games_of_every_mode().iter().enumerate() {
        let seats = game.num_seats();
        let seeds = GameSeeds::new(1000 + g as u64);
        for index in 0..12u64 {
            let mut table = Table::new(game);
            let (mut h, mut h2, mut r, mut r2, mut e) =
                (Heuristic::shipped(), Heuristic::shipped(), Random, Random, eager());
            let mut boxed: [Box<dyn Strategy<DriftGame>>; 2] = [Box::new(Heuristic::shipped()), Box::new(Random)];
            let mut players: [&mut dyn Strategy<DriftGame>; 2] = match index % 4 {
                0 => [&mut h, &mut h2],
                1 => [&mut r, &mut r2],
                2 => [&mut e, &mut h],
                _ => [&mut boxed[0], &mut r],
            };
            let played = table.play(game, &mut players[..seats], &mut seeds.rng(index));
            let (st, stepped) = play_by_steps(game, &mut players[..seats], &seeds, index);
            assert_eq!(played, stepped, "game {g}, battle {index}");
            assert_eq!(format!("{:?}", table.state()), format!("{st:?}"), "game {g}, battle {index}");
        }
        if seats == 2 {
            let mut table = Table::new(game);
            let played = table.play(game, &mut (Heuristic::shipped(), Random), &mut seeds.rng(99));
            let (st, stepped) = play_by_steps(game, &mut (Heuristic::shipped(), Random), &seeds, 99);
            assert_eq!(played, stepped, "game {g}, tuple players");
            assert_eq!(format!("{:?}", table.state()), format!("{st:?}"), "game {g}, tuple players");
        }
    }
}

#[test]
fn without_styles_points_are_rounds_scored_and_lives_add_up() {
    let a = Driver { home_bonus: 1, ..plain_driver(3, 4, 2) };
    let b = plain_driver(2, 3, 6);
    let game = DriftGame::chase(DriftRules::default(), a, b);
    for seed in 0..300 {
        let o = play_checked(&game, &mut (Heuristic::shipped(), Random), seed);
        assert_eq!(o.points, [o.scored[0] as i32, o.scored[1] as i32]);
        // Life starts at rank + home bonus and ends at -1 after exactly life+1 failures.
        assert_eq!(o.lives_lost, [5, 3]);
        assert_eq!(o.life_left, [-1, -1]);
        assert_eq!(o.rounds[0] - o.scored[0], 5);
        assert_eq!(o.style_uses, [[0; Style::COUNT]; 2]);
    }
    // Without the home bonus rule, life is the rank alone.
    let rules = DriftRules { apply_home_bonus: false, ..DriftRules::default() };
    let o = play_checked(&DriftGame::chase(rules, a, b), &mut (Plain, Plain), 1);
    assert_eq!(o.lives_lost, [4, 3]);
}

#[test]
fn round_cap_stops_a_chase_that_cannot_fail() {
    let rules = DriftRules { jokers: 0, max_rounds_per_chase: 50, ..DriftRules::default() };
    // +5 on every card (Juggernaut, Swastika, Legal High) against raw targets in a solo run,
    // with a full hand of 10 to swap from: the chaser never fails.
    let d = plain_driver(3, 0, 10).with(Style::Juggernaut).with(Style::Swastika).with(Style::LegalHigh);
    let o = play_checked(&DriftGame::solo(rules, d), &mut [&mut Heuristic::shipped()], 5);
    assert!(o.round_cap_hit && o.capped[0]);
    assert_eq!(o.rounds[0], 50);
}
