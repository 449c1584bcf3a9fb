//! The random-play invariant harness (in the spirit of OpenSpiel's
//! `RandomSimTest`): plays many seeded games and checks every step.
//!
//! On every decision: the seat to move is a seat of the game; the legal
//! actions are non-empty and pairwise distinct (hashed, so duplicates are
//! found wherever they sit in the list) and contain the action chosen; the
//! list [`Game::legal`] gives the table equals [`Game::legal_actions`]'; the
//! game ends within a declared number of decisions; and the game's own
//! [`Validate`] check holds after the deal and after every action. At the
//! end, the outcome is read only once the game is over, and playing the same
//! seed again on a fresh table reproduces it.

use crate::{Game, GameRng, GameSeeds, Players, Seat, Strategy, Table};
use std::collections::HashSet;
use std::hash::Hash;

/// A game's conservation invariants, recomputed from scratch (tiles or cards
/// counted, points, HP or chips zero-sum, incrementally kept values
/// recomputed). The default checks nothing.
pub trait Validate: Game {
    /// `Err` with what is wrong when `state` breaks an invariant.
    fn validate(&self, state: &Self::State) -> Result<(), String> {
        let _ = state;
        Ok(())
    }
}

/// `Ok` when `holds`, else `Err` with the description `what` gives (for
/// [`Validate`] impls: `ensure(total == 136, || format!("{total} tiles"))?`).
pub fn ensure(holds: bool, what: impl FnOnce() -> String) -> Result<(), String> {
    if holds { Ok(()) } else { Err(what()) }
}

/// How many games to check, from which seed, and how long a game may be.
#[derive(Clone, Copy, Debug)]
pub struct PlayCheck {
    /// Games to play (game `i` plays from stream `i` of `seed`).
    pub games: u64,
    /// Master seed.
    pub seed: u64,
    /// The most decisions a game of these rules can take.
    pub max_decisions: usize,
}

/// What the checked games did (for tests that also want them to be long
/// enough to mean something).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayStats {
    /// Games played.
    pub games: u64,
    /// Decisions taken in all games.
    pub decisions: u64,
    /// Decisions of the longest game.
    pub longest: usize,
}

/// Plays `check.games` games of `game` with `players`, checking every step
/// ([`check_game`]) and that each seed replays to the same outcome on a fresh
/// table; the first violation is returned as `Err("game i, decision k: …")`.
pub fn check_play<G, P>(game: &G, players: &mut P, check: &PlayCheck) -> Result<PlayStats, String>
where
    G: Validate,
    G::Action: Hash + Eq,
    G::Outcome: PartialEq,
    P: Players<G> + ?Sized,
{
    let seeds = GameSeeds::new(check.seed);
    let mut stats = PlayStats::default();
    for index in 0..check.games {
        let played = check_game(game, players, &mut seeds.rng(index), check.max_decisions)
            .map_err(|e| format!("game {index}, {e}"))?;
        let outcome = game.outcome(&played.state);
        let again = Table::new(game).play(game, players, &mut seeds.rng(index));
        if again != outcome {
            return Err(format!("game {index}: replaying the seed gave {again:?}, first {outcome:?}"));
        }
        stats.games += 1;
        stats.decisions += played.decisions as u64;
        stats.longest = stats.longest.max(played.decisions);
    }
    Ok(stats)
}

/// A game played to its end under [`check_game`].
#[derive(Clone, Debug)]
pub struct Checked<S> {
    /// The final state.
    pub state: S,
    /// Decisions taken.
    pub decisions: usize,
}

/// Plays one game from `rng` step by step with every check of the module's
/// doc but the replay; `Err("decision k: …")` names the first violation.
pub fn check_game<G, P>(
    game: &G,
    players: &mut P,
    rng: &mut GameRng,
    max_decisions: usize,
) -> Result<Checked<G::State>, String>
where
    G: Validate,
    G::Action: Hash + Eq,
    P: Players<G> + ?Sized,
{
    let at = |step: usize, what: String| format!("decision {step}: {what}");
    let mut state = game.new_state();
    let (mut legal, mut listed) = (Vec::new(), Vec::new());
    let mut seen = HashSet::new();
    game.reset(&mut state, rng);
    game.validate(&state).map_err(|e| at(0, format!("after the deal: {e}")))?;
    let mut step = 0;
    while let Some(seat) = game.to_move(&state) {
        if step == max_decisions {
            return Err(at(step, format!("the game is still going after {max_decisions} decisions")));
        }
        if seat >= game.num_seats() {
            return Err(at(step, format!("seat {seat} to move in a game of {} seats", game.num_seats())));
        }
        game.legal_actions(&state, &mut legal);
        let fast = game.legal(&state, &mut listed);
        if fast != legal.as_slice() {
            return Err(at(step, format!("`legal` gives {fast:?}, `legal_actions` {legal:?}")));
        }
        if legal.is_empty() {
            return Err(at(step, format!("no legal action for seat {seat}")));
        }
        seen.clear();
        if let Some(twice) = legal.iter().find(|a| !seen.insert(**a)) {
            return Err(at(step, format!("{twice:?} is listed twice in {legal:?}")));
        }
        let action = players.choose(seat, &game.view(&state, seat), &legal, rng);
        if !seen.contains(&action) {
            return Err(at(step, format!("seat {seat} chose {action:?}, not among {legal:?}")));
        }
        game.apply(&mut state, action, rng);
        step += 1;
        game.validate(&state).map_err(|e| at(step, format!("after {action:?}: {e}")))?;
    }
    Ok(Checked { state, decisions: step })
}

/// Plays one game and returns its transcript, a line per decision (`seat:
/// action`, in the action's `Debug` form) then `outcome: …`, and its outcome.
/// Golden transcripts of a few seeded games are kept beside each game's
/// tests, so any change of play shows as a diff a reader can follow decision
/// by decision.
pub fn transcript<G, P>(game: &G, players: &mut P, rng: &mut GameRng) -> (String, G::Outcome)
where
    G: Game,
    P: Players<G> + ?Sized,
{
    let mut state = game.new_state();
    let mut legal = Vec::new();
    let mut out = String::new();
    game.reset(&mut state, rng);
    while let Some(seat) = game.to_move(&state) {
        game.legal_actions(&state, &mut legal);
        let action = players.choose(seat, &game.view(&state, seat), &legal, rng);
        out.push_str(&format!("{seat}: {action:?}\n"));
        game.apply(&mut state, action, rng);
    }
    let outcome = game.outcome(&state);
    out.push_str(&format!("outcome: {outcome:?}\n"));
    (out, outcome)
}

/// Compares a game's transcript with its golden copy `golden` (the text of
/// the file at `path`); with `BLESS=1` in the environment, rewrites the file
/// instead (then review the diff).
pub fn assert_golden(path: &str, golden: &str, actual: &str) {
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(path, actual).unwrap_or_else(|e| panic!("cannot write {path}: {e}"));
        return;
    }
    if golden != actual {
        let at = golden.lines().zip(actual.lines()).position(|(a, b)| a != b).unwrap_or(golden.lines().count());
        panic!(
            "{path}: the transcript differs from line {} on (rerun with BLESS=1 to rewrite it, then review the diff)\n\
             golden: {:?}\nnow:    {:?}",
            at + 1,
            golden.lines().nth(at),
            actual.lines().nth(at)
        );
    }
}

/// One strategy deciding for every seat of a game of `seats` seats (a
/// scripted test's closure that looks at the view's seat, say).
pub struct Everyone<S> {
    /// Seats at the table.
    pub seats: usize,
    /// The strategy all of them use.
    pub strategy: S,
}

impl<G: Game + ?Sized, S: Strategy<G>> Players<G> for Everyone<S> {
    fn seats(&self) -> usize {
        self.seats
    }
    fn choose(&mut self, _: Seat, view: &G::View<'_>, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        self.strategy.choose(view, legal, rng)
    }
}

/// A player from a closure, for scripted tests: `ByFn(|view, legal, rng| …)`.
pub struct ByFn<F>(pub F);

impl<G, F> Strategy<G> for ByFn<F>
where
    G: Game + ?Sized,
    F: FnMut(&G::View<'_>, &[G::Action], &mut GameRng) -> G::Action + Send,
{
    fn choose(&mut self, view: &G::View<'_>, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        (self.0)(view, legal, rng)
    }
}

#[cfg(test)]
mod tests {
    //! The harness on a toy game, clean and with each invariant broken on purpose.

    use super::*;
    use rand::RngExt;
    use std::sync::atomic::{AtomicU32, Ordering};

    /// A fault planted in the toy game or its player.
    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Fault {
        None,
        DuplicateAction,
        NoAction,
        NeverEnds,
        BrokenTotal,
        ChangingOutcome,
        IllegalChoice,
        FastListDiffers,
    }

    /// Two players take turns adding 1 or 2 to a counter; whoever reaches 10 wins.
    struct Race(Fault);

    #[derive(Clone, Debug)]
    struct RaceState {
        counter: u32,
        moves: [u32; 2],
        turn: Seat,
        done: bool,
    }

    static OUTCOMES: AtomicU32 = AtomicU32::new(0);

    impl Game for Race {
        type State = RaceState;
        type Action = u32;
        type View<'a> = ();
        type Outcome = (Seat, u32);

        fn num_seats(&self) -> usize {
            2
        }
        fn new_state(&self) -> RaceState {
            RaceState { counter: 0, moves: [0; 2], turn: 0, done: false }
        }
        fn reset(&self, state: &mut RaceState, rng: &mut GameRng) {
            *state = RaceState { turn: rng.random_range(0..2), ..self.new_state() };
        }
        fn to_move(&self, state: &RaceState) -> Option<Seat> {
            (!state.done).then_some(state.turn)
        }
        fn legal_actions(&self, state: &RaceState, out: &mut Vec<u32>) {
            out.clear();
            match self.0 {
                Fault::NoAction if state.counter == 5 => {}
                Fault::DuplicateAction => out.extend([1, 2, 1]),
                _ => out.extend([1, 2]),
            }
        }
        fn legal<'a>(&'a self, state: &'a RaceState, out: &'a mut Vec<u32>) -> &'a [u32] {
            match self.0 {
                Fault::FastListDiffers => &[2, 1],
                _ => {
                    self.legal_actions(state, out);
                    out
                }
            }
        }
        fn view<'a>(&'a self, _: &'a RaceState, _: Seat) {}
        fn apply(&self, state: &mut RaceState, action: u32, _: &mut GameRng) {
            if self.0 != Fault::NeverEnds {
                state.counter += action;
            }
            state.moves[state.turn] += action;
            if self.0 == Fault::BrokenTotal && state.counter > 6 {
                state.moves[0] += 1;
            }
            state.done = state.counter >= 10;
            state.turn = 1 - state.turn;
        }
        fn outcome(&self, state: &RaceState) -> (Seat, u32) {
            let salt = if self.0 == Fault::ChangingOutcome { OUTCOMES.fetch_add(1, Ordering::Relaxed) } else { 0 };
            (1 - state.turn, state.counter + salt)
        }
    }

    impl Validate for Race {
        fn validate(&self, state: &RaceState) -> Result<(), String> {
            let total = state.moves[0] + state.moves[1];
            if self.0 != Fault::NeverEnds && total != state.counter {
                return Err(format!("moves add up to {total}, counter says {}", state.counter));
            }
            Ok(())
        }
    }

    /// Picks at random; with `IllegalChoice` it sometimes picks 3.
    struct Picker(Fault);

    impl Strategy<Race> for Picker {
        fn choose(&mut self, _: &(), legal: &[u32], rng: &mut GameRng) -> u32 {
            if self.0 == Fault::IllegalChoice && rng.random_bool(0.2) {
                3
            } else {
                legal[rng.random_range(0..legal.len())]
            }
        }
    }

    fn run(fault: Fault) -> Result<PlayStats, String> {
        let check = PlayCheck { games: 200, seed: 3, max_decisions: 10 };
        check_play(&Race(fault), &mut [Picker(fault), Picker(fault)], &check)
    }

    #[test]
    fn a_sound_game_passes() {
        let stats = run(Fault::None).unwrap();
        assert_eq!(stats.games, 200);
        assert!(stats.longest >= 6 && stats.longest <= 10, "{stats:?}");
    }

    #[test]
    fn each_broken_invariant_is_caught() {
        for (fault, says) in [
            (Fault::DuplicateAction, "listed twice"),
            (Fault::NoAction, "no legal action"),
            (Fault::NeverEnds, "still going after 10 decisions"),
            (Fault::BrokenTotal, "moves add up to"),
            (Fault::ChangingOutcome, "replaying the seed"),
            (Fault::IllegalChoice, "not among"),
            (Fault::FastListDiffers, "`legal` gives [2, 1]"),
        ] {
            let e = run(fault).expect_err(&format!("{fault:?} passed"));
            assert!(e.starts_with("game ") && e.contains(says), "{fault:?}: {e}");
        }
    }
}
