//! The heuristic's decisions on fixed situations: each setting the studies vary
//! changes the decision it names, and nothing else reads it.

use super::*;
use crate::{Game, GameSeeds, Strategy};

/// A round's first normal turn of the default profile (both declared nothing
/// before the active shoot), with the deciding seat holding `held` barricades.
fn first_turn(game: &RackupGame, held: u8) -> (RackupState, u8) {
    let mut rng = GameSeeds::new(3).rng(0);
    let mut st = game.new_state();
    game.reset(&mut st, &mut rng);
    while st.to_move.is_some() && st.decision == Decision::Declare {
        game.apply(&mut st, Action::Declare(Decl::None), &mut rng);
    }
    let seat = game.to_move(&st).unwrap() as u8;
    assert_eq!(st.decision, Decision::Turn);
    st.held[seat as usize] = held;
    (st, seat)
}

/// The shipped heuristic with `edit` applied, deciding in `st`.
fn decide(game: &RackupGame, st: &RackupState, seat: u8, edit: impl Fn(&mut HeuristicConfig)) -> Action {
    let mut config = HeuristicStrategy::shipped().config;
    edit(&mut config);
    let view = RackupView::new(game, st, seat, st.decision);
    HeuristicStrategy { config }.choose(&view, &[], &mut GameSeeds::new(0).rng(0))
}

fn declares_kan(action: Action) -> bool {
    matches!(action, Action::Turn { kan: true, .. })
}

#[test]
fn kan_follows_its_own_policy_whatever_the_riichi_policy() {
    let game = RackupGame::new(Profile::preset("default").unwrap()).unwrap();
    let (st, seat) = first_turn(&game, 2);
    let view = RackupView::new(&game, &st, seat, st.decision);
    assert!(view.kan_open() && view.riichi_open());
    for riichi in [RiichiPolicy::Never, RiichiPolicy::Likely] {
        // A threshold no shot reaches: the likely policy declares no riichi here either.
        let with = |kan| {
            decide(&game, &st, seat, |c| {
                (c.riichi, c.riichi_threshold, c.kan, c.snipe, c.meteor) = (riichi, 1.0, kan, false, false)
            })
        };
        assert!(declares_kan(with(KanPolicy::Always)), "{riichi:?}");
        assert!(!declares_kan(with(KanPolicy::Never)), "{riichi:?}");
        // Riichi is still open and no call is made: after_riichi waits, never declaring or not.
        assert!(!declares_kan(with(KanPolicy::AfterRiichi)), "{riichi:?}");
    }
    // The never policy frees nothing else: the same action as a threshold no shot reaches.
    for kan in [KanPolicy::Never, KanPolicy::AfterRiichi, KanPolicy::Always] {
        let never = decide(&game, &st, seat, |c| (c.riichi, c.kan) = (RiichiPolicy::Never, kan));
        let unreached = decide(&game, &st, seat, |c| (c.riichi_threshold, c.kan) = (1.0, kan));
        assert_eq!(never, unreached, "{kan:?}");
    }
}

#[test]
fn kan_after_riichi_waits_for_riichi_to_close() {
    let game = RackupGame::new(Profile::preset("default").unwrap()).unwrap();
    let (mut st, seat) = first_turn(&game, 2);
    let after =
        |st: &RackupState| decide(&game, st, seat, |c| (c.riichi_threshold, c.kan) = (1.0, KanPolicy::AfterRiichi));
    assert!(!declares_kan(after(&st)));
    // Riichi no longer open for this seat (declared earlier in the round): the kan is declared.
    st.open[seat as usize] &= !state::open::RIICHI;
    let view = RackupView::new(&game, &st, seat, st.decision);
    assert!(!view.riichi_open() && view.kan_open());
    assert!(declares_kan(after(&st)));
}

#[test]
fn the_active_shoot_threshold_decides_riichi_before_an_active_shoot() {
    let mut p = Profile::preset("default").unwrap();
    // An active out finishes: the active kill chance is the model's, above 0.
    p.damage.active_out = 10;
    let game = RackupGame::new(p).unwrap();
    let mut rng = GameSeeds::new(3).rng(0);
    let mut st = game.new_state();
    game.reset(&mut st, &mut rng);
    assert_eq!(st.decision, Decision::Declare);
    let seat = game.to_move(&st).unwrap() as u8;
    let chance = RackupView::new(&game, &st, seat, st.decision).active_kill_chance(seat);
    assert!(chance > 0.0 && chance < 1.0, "{chance}");
    let with = |t: f64| decide(&game, &st, seat, |c| (c.active_riichi_threshold, c.riichi_threshold) = (t, 0.0));
    assert_eq!(with(chance), Action::Declare(Decl::Riichi));
    assert_ne!(with((chance + 1.0) / 2.0), Action::Declare(Decl::Riichi));
    // The normal-shot threshold is not read before an active shoot.
    let normal = |t: f64| decide(&game, &st, seat, |c| (c.active_riichi_threshold, c.riichi_threshold) = (1.0, t));
    assert_eq!(normal(0.0), normal(1.0));
}

#[test]
fn the_normal_threshold_decides_riichi_before_a_normal_shot() {
    let game = RackupGame::new(Profile::preset("default").unwrap()).unwrap();
    let (st, seat) = first_turn(&game, 0);
    let view = RackupView::new(&game, &st, seat, st.decision);
    let riichi = |a: Action| matches!(a, Action::Turn { act: Act::Shot(Decl::Riichi, _), .. });
    let with = |t: f64| decide(&game, &st, seat, |c| (c.riichi_threshold, c.active_riichi_threshold) = (t, 0.0));
    let chance = view.shot_kill_chance(seat, HeuristicStrategy::shipped().config.plan);
    assert!(chance > 0.0, "{chance}");
    assert!(riichi(with(0.0)));
    assert!(!riichi(with(1.0)));
    // The active-shoot threshold is not read before a normal shot.
    let active = |t: f64| decide(&game, &st, seat, |c| (c.riichi_threshold, c.active_riichi_threshold) = (1.0, t));
    assert_eq!(active(0.0), active(1.0));
}

#[test]
fn the_one_of_settings_are_read_from_the_enums() {
    let found = crate::one_of::one_of::<HeuristicConfig>().unwrap();
    let keys: Vec<&str> = found.iter().map(|o| o.key.as_str()).collect();
    assert_eq!(keys, ["riichi", "kan", "penalty", "plan"]);
    assert_eq!(found[1].values, ["never", "after_riichi", "always"]);
    assert_eq!(found[3].values.len(), ShotKind::COUNT);
}
