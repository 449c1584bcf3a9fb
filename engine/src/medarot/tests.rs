//! Rule tests: scenarios on hand-built states, and random-play invariants.

use super::*;
use crate::{Game, GameSeeds, Strategy};

/// Plays one game, validating the state after every step; returns the outcome and the number of decisions.
fn play_checked(game: &MedarotGame<'_>, kinds: [StrategyKind; 2], seed: u64) -> (MedarotOutcome, usize) {
    let mut rng = GameSeeds::new(seed).rng(0);
    let mut state = game.new_state();
    game.reset(&mut state, &mut rng);
    state.validate();
    let mut players = kinds.map(MedarotStrategy::new);
    let mut legal = Vec::new();
    let mut steps = 0;
    while let Some(seat) = game.to_move(&state) {
        game.legal_actions(&state, &mut legal);
        assert!(!legal.is_empty(), "no legal action at {:?}", state.top());
        let mut sorted = legal.clone();
        sorted.dedup();
        assert_eq!(sorted.len(), legal.len(), "duplicate actions {legal:?}");
        let action = players[seat].choose(&game.view(&state, seat), &legal, &mut rng);
        let hp_before = [state.hp(0), state.hp(1)];
        game.apply(&mut state, action, &mut rng);
        state.validate();
        let _ = hp_before;
        steps += 1;
        assert!(steps < 100_000, "game does not end");
    }
    (game.outcome(&state), steps)
}

#[test]
fn random_games_keep_cards_and_hp_consistent() {
    let pool = CardPool::example();
    let decks = Deck::examples(&pool).unwrap();
    let mut total = 0;
    for i in 0..400u64 {
        let d0 = &decks[(i % 4) as usize];
        let d1 = &decks[(i / 4 % 4) as usize];
        let game = MedarotGame::new(&pool, Rules::default(), d0, d1);
        let kinds = [StrategyKind::ALL[(i % 2) as usize], StrategyKind::ALL[(i / 2 % 2) as usize]];
        let (out, steps) = play_checked(&game, kinds, i);
        total += steps;
        assert!(out.turns <= 30);
    }
    assert!(total > 0);
}
