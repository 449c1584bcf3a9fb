//! The heuristic's play of declared styles: Indra only with a card that wins, the leader's
//! exchange against Madness, Supernova on its expected value. Each scenario fixes the deck
//! and reads the heuristic's first answer to one question.

use super::strategy::Heuristic;
use super::tests::{cards, plain_driver, play_checked};
use super::*;
use crate::testing::ByFn;
use crate::{GameRng, Seat, Strategy};
use DriftAction::{Hand, No, PlayDrawn, Yes};
use Style::*;

/// The shipped heuristic's first answer to `ask` in seat `seat` of a chase between `a`
/// (leading first) and `b` on a deck starting with `top`; both seats play the heuristic.
fn first_answer(a: Driver, b: Driver, top: &str, seat: Seat, ask: Ask) -> Option<DriftAction> {
    let game = DriftGame::chase(DriftRules::default(), a, b).with_deck(&cards(top)).unwrap();
    let mut seen = None;
    let mut heuristic = Heuristic::shipped();
    let spy = ByFn(|view: &DriftView<'_>, legal: &[DriftAction], rng: &mut GameRng| {
        let action = heuristic.choose(view, legal, rng);
        if view.seat() == seat && view.ask() == ask && seen.is_none() {
            seen = Some(action);
        }
        action
    });
    let mut other = Heuristic::shipped();
    match seat {
        0 => play_checked(&game, &mut (spy, &mut other), 1),
        _ => play_checked(&game, &mut (&mut other, spy), 1),
    };
    seen
}

#[test]
fn indra_shows_only_a_card_the_leader_cannot_beat() {
    // A Q face up loses to the leader's K; a K wins against a plain leader; against a
    // Juggernaut leader (K + 1) even a K can be beaten.
    let chaser = plain_driver(2, 0, 1).with(Indra);
    assert_eq!(first_answer(plain_driver(0, 1, 0), chaser, "KS QS", 1, Ask::Indra), Some(No));
    assert_eq!(first_answer(plain_driver(0, 1, 0), chaser, "2S KS", 1, Ask::Indra), Some(Hand(0)));
    let juggernaut = plain_driver(0, 1, 0).with(Juggernaut);
    assert_eq!(first_answer(juggernaut, chaser, "2S KS", 1, Ask::Indra), Some(No));
}

#[test]
fn the_leader_exchanges_against_madness_only_when_the_hand_is_better_on_average() {
    // Leader hand QS 2S draws JS. Without Madness it sets the Q; with Madness the card
    // taken would be random (mean 7), so it plays the J.
    let leader = plain_driver(0, 2, 0);
    let top = "QS 2S 9H JS";
    assert_eq!(first_answer(leader, plain_driver(0, 0, 1), top, 0, Ask::Pick), Some(Hand(0)));
    assert_eq!(first_answer(leader, plain_driver(0, 0, 1).with(Madness), top, 0, Ask::Pick), Some(PlayDrawn));
    // Hand QS KS, drawn 2S: any card taken is better than the 2.
    let top = "QS KS 9H 2S";
    assert_eq!(first_answer(leader, plain_driver(0, 0, 1).with(Madness), top, 0, Ask::Pick), Some(Hand(0)));
}

#[test]
fn supernova_is_declared_on_its_expected_value() {
    // At life 0 any failure ends the chase: Supernova risks nothing more, so it is declared
    // even with a weak hand.
    let last_life = plain_driver(0, 0, 1).with(Supernova);
    assert_eq!(first_answer(plain_driver(0, 4, 0), last_life, "KS QS JS 9S 2S", 1, Ask::Supernova), Some(Yes));
    // With 5 lives a K against a plain leader's one card always scores: declared.
    let rich = plain_driver(5, 0, 1).with(Supernova);
    assert_eq!(first_answer(plain_driver(0, 0, 0), rich, "KS", 1, Ask::Supernova), Some(Yes));
    // A K against a Juggernaut leader choosing from five cards scores about 68% of the
    // time: 3 points then, 2 more lives lost otherwise (worth 3 points each): not declared.
    let strong = plain_driver(0, 4, 0).with(Juggernaut);
    assert_eq!(first_answer(strong, rich, "2S 3S 4S 5S KS", 1, Ask::Supernova), Some(No));
}
