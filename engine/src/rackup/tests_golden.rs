//! Golden transcripts: seeded matches kept decision by decision in `golden/`,
//! each with the rules it shows checked on its outcome. A change that alters
//! play shows as a diff of these files (rewrite them with `BLESS=1`).

use super::*;
use crate::GameSeeds;
use crate::testing::{assert_golden, transcript};

/// The heuristic the transcripts were taken with (`heuristic-2026`, the one
/// shipped before the re-tuning): they check the rules, not the tuning.
fn heuristic() -> HeuristicStrategy {
    match StrategyConfig::preset("heuristic-2026") {
        Ok(StrategyConfig::Heuristic(config)) => HeuristicStrategy { config },
        other => panic!("{other:?}"),
    }
}

/// The 2026 heuristic against itself under the default profile (seed 7,
/// game 0): the 20 points of the two players (10 each at the start) only
/// change hands, and the match ends after the fourth round with a leader (1
/// to 19 here; it would end earlier if a player's points reached 0).
#[test]
fn heuristic_match_moves_points_between_players() {
    let game = RackupGame::preset("default").unwrap();
    let (text, o) = transcript(&game, &mut [heuristic(); 2], &mut GameSeeds::new(7).rng(0));
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/rackup/golden/heuristic_match.txt");
    assert_golden(path, include_str!("golden/heuristic_match.txt"), &text);
    assert_eq!(o.points[0] + o.points[1], 20);
    match o.end {
        MatchEnd::Rounds => assert!(o.rounds >= 4 && o.points[0] != o.points[1], "{o:?}"),
        MatchEnd::Bust => assert!(o.points.contains(&0), "{o:?}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(o.winner, Some(if o.points[0] > o.points[1] { 0 } else { 1 }));
    assert_eq!((o.end, o.rounds, o.points), (MatchEnd::Rounds, 4, [1, 19]));
}

/// Random play (seat 0) against the 2026 heuristic (seat 1), seed 7 game 1:
/// every win scores a yaku (a round won without one is counted apart), and
/// the riichi wins are among the riichi declared.
#[test]
fn random_against_heuristic_every_win_has_a_yaku() {
    let game = RackupGame::preset("default").unwrap();
    let (text, o) = transcript(&game, &mut (RandomStrategy, heuristic()), &mut GameSeeds::new(7).rng(1));
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/rackup/golden/random_match.txt");
    assert_golden(path, include_str!("golden/random_match.txt"), &text);
    for s in 0..2 {
        let yaku_rounds: u32 = o.yaku[s].iter().map(|&c| u32::from(c)).sum();
        assert!(yaku_rounds >= u32::from(o.wins[s]), "{o:?}");
        assert!(o.riichi_won[s] <= o.riichi_declared[s]);
    }
    assert_eq!(o.points[0] + o.points[1], 20);
}
