//! Rule tests: scenarios on hand-built states (fixtures below), rule cases by
//! topic in the submodules, and random-play invariants.

mod combat;
mod data;
mod order;
mod play;
mod readings;
mod turn;

use super::state::{Cursor, Pile, Player, Step};
use super::*;
use crate::testing::{PlayCheck, Validate, check_game, check_play};
use crate::{Game, GameSeeds, StrategyChoice};

/// Cards conserved, HP ledger balanced, board and units in step.
impl Validate for MedarotGame<'_> {
    fn validate(&self, state: &MedarotState) -> Result<(), String> {
        state.invariants()
    }
}

/// The shipped heuristic's settings.
fn heuristic() -> StrategyConfig {
    StrategyConfig::preset("heuristic").unwrap()
}

/// Random and the shipped heuristic.
fn both() -> [StrategyConfig; 2] {
    [StrategyConfig::Random, heuristic()]
}

/// The most decisions of a game: far above any real game.
const MAX_DECISIONS: usize = 100_000;

/// Plays one game with the shared harness's checks; returns the outcome and
/// the number of decisions.
fn play_checked(game: &MedarotGame<'_>, kinds: [StrategyConfig; 2], seed: u64) -> (MedarotOutcome, usize) {
    let mut players = kinds.map(StrategyConfig::boxed);
    let played = check_game(game, &mut players, &mut GameSeeds::new(seed).rng(0), MAX_DECISIONS).unwrap();
    (game.outcome(&played.state), played.decisions)
}

#[test]
fn random_play_invariants_every_deck_pairing() {
    let pool = CardPool::example();
    let decks = Deck::examples(&pool).unwrap();
    for (k, (a, b)) in [(0, 1), (2, 3), (1, 1), (3, 0)].into_iter().enumerate() {
        let game = MedarotGame::new(&pool, Rules::default(), &decks[a], &decks[b]);
        let check = PlayCheck { games: 100, seed: k as u64, max_decisions: MAX_DECISIONS };
        for kinds in [[StrategyConfig::Random; 2], [heuristic(); 2], [heuristic(), StrategyConfig::Random]] {
            let stats = check_play(&game, &mut kinds.map(StrategyConfig::boxed), &check)
                .unwrap_or_else(|e| panic!("decks {a}/{b}, {kinds:?}: {e}"));
            assert!(stats.decisions > 100 * 10, "{stats:?}");
        }
    }
}

// ---------------------------------------------------------------------------
// Scenario fixtures: both seats play the same 30-card test deck (one copy of
// each card: the 18 medarots, the 6 medachanges and 6 medarotters); cards are
// moved out of the deck by hand, so card conservation holds in every scenario.

const TEST_ROTTERS: [&str; 6] = ["Battle Coach", "Mechanic", "Lucky Charm", "Doctor", "Hot-Blooded Kid", "Professor"];

fn test_deck(pool: &CardPool) -> Deck {
    let mut ids: Vec<CardId> =
        pool.iter().filter(|(_, c)| c.kind != CardKind::Medarotter && c.name != VANILLA).map(|(id, _)| id).collect();
    ids.extend(TEST_ROTTERS.iter().map(|n| pool.find(CardKind::Medarotter, n).unwrap()));
    Deck::new(pool, "test", &ids).unwrap()
}

fn med(pool: &CardPool, name: &str) -> CardId {
    pool.find(CardKind::Medarot, name).unwrap()
}
fn chg(pool: &CardPool, name: &str) -> CardId {
    pool.find(CardKind::Medachange, name).unwrap()
}
fn rot(pool: &CardPool, name: &str) -> CardId {
    pool.find(CardKind::Medarotter, name).unwrap()
}

/// A state in the action phase of turn 1 with full decks, empty hands and 20 HP.
fn blank(game: &MedarotGame<'_>) -> MedarotState {
    let mut s = game.new_state();
    for p in 0..2 {
        let deck = s.decks[p];
        deck.iter().for_each(|&c| s.players[p].deck.push(c));
        set_hp(&mut s, p, 20);
    }
    s.turn = 1;
    s.cursor = Cursor::Action;
    s
}

/// Sets a player's HP as if it had started there.
fn set_hp(s: &mut MedarotState, p: usize, hp: i16) {
    let pl = &mut s.players[p];
    pl.hp_start += hp - pl.hp;
    pl.hp = hp;
}

/// Moves a card from the deck to the hand; returns its hand index.
fn to_hand(s: &mut MedarotState, p: usize, id: CardId) -> u8 {
    let pl = &mut s.players[p];
    let i = pl.deck.as_slice().iter().position(|&c| c == id).expect("card in deck");
    let c = pl.deck.take(i);
    pl.hand.push(c);
    (pl.hand.len() - 1) as u8
}

/// Moves a card from the deck to a pile chosen by `pile`.
fn to_pile(s: &mut MedarotState, p: usize, id: CardId, pile: fn(&mut Player) -> &mut Pile) {
    let i = to_hand(s, p, id) as usize;
    let c = s.players[p].hand.take(i);
    pile(&mut s.players[p]).push(c);
}

/// Puts a medarot from the deck face up on `cell`; returns its unit slot.
fn unit(game: &MedarotGame<'_>, s: &mut MedarotState, p: usize, id: CardId, cell: u8) -> u8 {
    let i = to_hand(s, p, id);
    game.place(s, p as u8, i as usize, cell);
    let (_, slot) = s.at(cell).unwrap();
    s.players[p].unit_mut(slot).face_up = true;
    slot
}

fn legal(game: &MedarotGame<'_>, s: &MedarotState) -> Vec<Action> {
    let mut out = Vec::new();
    game.legal_actions(s, &mut out);
    out
}

fn rng() -> crate::GameRng {
    GameSeeds::new(99).rng(0)
}

/// Starts the turn of a unit (all other units have acted, so the phase ends after it).
fn activate(game: &MedarotGame<'_>, s: &mut MedarotState, p: usize, slot: u8) {
    for pl in &mut s.players {
        pl.units.iter_mut().flatten().for_each(|u| u.acted = true);
    }
    game.begin_activation(s, p as u8, slot);
}

fn with_game<R>(rules: Rules, f: impl FnOnce(&MedarotGame<'_>, &CardPool) -> R) -> R {
    let pool = CardPool::example();
    let deck = test_deck(&pool);
    let game = MedarotGame::new(&pool, rules, &deck, &deck);
    f(&game, &pool)
}

fn attacks(game: &MedarotGame<'_>, s: &MedarotState) -> Vec<Action> {
    legal(game, s).into_iter().filter(|a| matches!(a, Action::Attack { .. })).collect()
}

/// Answers the optional start-phase decisions with `Done` until another decision or the end.
fn decline_options(game: &MedarotGame<'_>, s: &mut MedarotState) {
    while matches!(s.top(), Some(Step::ExtraDraw(_) | Step::DrawStock(_))) {
        game.apply(s, Action::Done, &mut rng());
    }
}
