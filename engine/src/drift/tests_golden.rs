//! Golden transcripts: seeded battles kept decision by decision in `golden/`,
//! each with the rules it shows checked on its outcome. A change that alters
//! play shows as a diff of these files (rewrite them with `BLESS=1`).

use super::strategy::{Heuristic, Plain};
use super::*;
use crate::GameSeeds;
use crate::testing::{assert_golden, transcript};

/// Kanako (rank 3, home bonus 1 on a drift home, Road Dancer, Legal High) chases
/// and leads Jun (rank 2, Juggernaut, Illusion), both playing plain (never
/// exchanging or declaring). Life is rank + home bonus, +3 for Road Dancer on a
/// drift home (Kanako 7, Jun 2), and a chase ends on the failure that takes it
/// below zero: 8 and 3 lives lost. Without Illusion or Legal High declared,
/// each scoring exchange is one point.
#[test]
fn plain_chase_lives_are_rank_home_and_road_dancer() {
    let lineup = Lineup::example();
    let game = DriftGame::chase(DriftRules::default(), lineup.drivers[0].1, lineup.drivers[1].1);
    let (text, o) = transcript(&game, &mut (Plain, Plain), &mut GameSeeds::new(7).rng(0));
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/drift/golden/plain_chase.txt");
    assert_golden(path, include_str!("golden/plain_chase.txt"), &text);
    assert_eq!(o.lives_lost, [8, 3]);
    assert_eq!(o.points, [o.scored[0] as i32, o.scored[1] as i32]);
}

/// The same pair with heuristic play, seed 7 game 1: the heuristic declares
/// Legal High (paying a life for +2 on its cards) and Illusion (魅せる走り, a
/// further point after scoring), so the styles show in the outcome's counts,
/// and the points exceed the rounds scored only through those extra points.
#[test]
fn heuristic_chase_declares_legal_high_and_illusion() {
    let lineup = Lineup::example();
    let game = DriftGame::chase(DriftRules::default(), lineup.drivers[0].1, lineup.drivers[1].1);
    let (text, o) = transcript(&game, &mut (Heuristic::shipped(), Heuristic::shipped()), &mut GameSeeds::new(7).rng(1));
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/drift/golden/heuristic_chase.txt");
    assert_golden(path, include_str!("golden/heuristic_chase.txt"), &text);
    assert!(o.style_uses[0][Style::LegalHigh as usize] > 0, "{o:?}");
    assert!(o.style_uses[1][Style::Illusion as usize] > 0, "{o:?}");
}
