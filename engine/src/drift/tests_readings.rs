//! The readings of open rules, each played under both choices ([`DriftRules`] fields), and
//! the rule that Supernova never lowers a round's points.

use super::strategy::Heuristic;
use super::tests::{By, cards, eager, plain_driver, play_checked};
use super::tests_styles::ZERO;
use super::*;
use crate::Strategy;
use Style::*;

/// Seat 0 plays plain, seat 1 declares everything it is offered, on a fixed deck.
fn eager_chase(rules: DriftRules, a: Driver, b: Driver, deck: &str) -> DriftOutcome {
    let game = DriftGame::chase(rules, a, b).with_deck(&cards(deck)).unwrap();
    play_checked(&game, &mut (super::strategy::Plain, eager()), 7)
}

#[test]
fn supernova_never_lowers_a_jet_stream_round() {
    // Six scoring rounds in a row, Supernova declared in each: Jet Stream's 1, 2, 3 are
    // raised to 3, its 4, 5, 6 stay (the larger applies); then K against 4 fails.
    let deck = "2S 3S 2H 3H 2D 3D 2C 3C 4S 5S 4H 5H KS 4D";
    let o = eager_chase(DriftRules::default(), ZERO, ZERO.with(JetStream).with(Supernova), deck);
    assert_eq!((o.scored[1], o.points[1]), (6, 3 + 3 + 3 + 4 + 5 + 6));
    // Barbaroi's 2 is raised to Supernova's 3, never the other way.
    let o = eager_chase(DriftRules::default(), ZERO, ZERO.with(Barbaroi).with(Supernova), deck);
    assert_eq!(o.points[1], 6 * 3);
}

#[test]
fn legal_high_when_leading_second_needs_life_by_default() {
    // Seat 1 chases first (life 0, out after one failure), then leads with its life below 0.
    // The second chase's target is 6 against the chaser's 7.
    let deck = "KS 2S 6S 7S KH 2H";
    let leader = ZERO.with(LegalHigh);
    let o = eager_chase(DriftRules::default(), ZERO, leader, deck);
    assert_eq!((o.uses(1, LegalHigh), o.points[0]), (0, 1), "no life to pay: the 7 scores");
    let free = DriftRules { legal_high_needs_life: false, ..DriftRules::default() };
    let o = eager_chase(free, ZERO, leader, deck);
    // Declared at life 0 as chaser (then 2+2 < K) and again leading at life −2: 6+2 > 7.
    assert_eq!((o.uses(1, LegalHigh), o.points[0], o.life_left[1]), (2, 0, -3));
}

#[test]
fn phantom_buys_back_a_legal_high_payment_only_every_round() {
    // Life 1: Legal High (life 0), 4+2 >= 5 scores; then 2+2 and 2 fail against kings.
    // Declares everything; records the round after which Phantom's trade was offered.
    let deck = "5S 4S KS 2S KH 2H";
    let d = plain_driver(1, 0, 0).with(Phantom).with(LegalHigh);
    let offered_after = |rules: DriftRules| {
        let game = DriftGame::chase(rules, ZERO, d).with_deck(&cards(deck)).unwrap();
        let mut asked = Vec::new();
        let mut eager = eager();
        let mut recorder = By(|view: &DriftView<'_>, legal: &[DriftAction]| {
            if view.ask() == Ask::Phantom {
                asked.push(view.chase_round());
            }
            eager.choose(view, legal, &mut crate::GameSeeds::new(0).rng(0))
        });
        let o = play_checked(&game, &mut (super::strategy::Plain, &mut recorder), 7);
        (asked, o.uses(1, Phantom))
    };
    // Default: only after the failed second round (life −1 back to 0).
    assert_eq!(offered_after(DriftRules::default()), (vec![2], 1));
    // Every round: after the scoring first round already, buying back the payment.
    let every = DriftRules { phantom_every_round: true, ..DriftRules::default() };
    assert_eq!(offered_after(every), (vec![1], 1));
}

#[test]
fn speed_master_once_per_chase_or_every_round() {
    // A long-lived SpeedMaster (drift home) plays both roles; the heuristic tosses low cards.
    let d = Driver { home_is_drift: true, home_bonus: 5, ..plain_driver(4, 4, 4) }.with(SpeedMaster);
    let most_uses = |rules: DriftRules| {
        let game = DriftGame::chase(rules, d, d);
        (0..40)
            .map(|seed| play_checked(&game, &mut (Heuristic::shipped(), Heuristic::shipped()), seed))
            .map(|o| o.uses(0, SpeedMaster).max(o.uses(1, SpeedMaster)))
            .max()
            .unwrap()
    };
    assert_eq!(most_uses(DriftRules::default()), 2, "once per chase, two chases");
    let every = DriftRules { speed_master_every_round: true, ..DriftRules::default() };
    assert!(most_uses(every) > 5);
}
