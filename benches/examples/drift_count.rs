//! Plays a fixed run of drift battles (seed 42, battles 0..n) for instruction counting,
//! which machine load does not disturb:
//! `cargo build --profile bench -p benches --example drift_count`, then
//! `valgrind --tool=callgrind target/release/examples/drift_count heuristic example 20000`
//! and divide the instructions by n.
//! Arguments: a shipped strategy (default `heuristic`), pair (`example`: the example line-up's
//! first two drivers, as in the `drift_battle` bench; `plain`: two style-less drivers),
//! number of battles (default 20000).

use engine::drift::strategy::{Heuristic, Plain, Random, StrategyConfig};
use engine::drift::{DriftGame, DriftRules, Lineup};
use engine::{GameSeeds, Strategy, Table};
use std::hint::black_box;

/// Totals of a run: (rounds, seat 0 points minus seat 1, seat 0 wins).
type Totals = (u64, i64, u64);

/// Plays battles `0..n` with both seats of type `S`, known here (static dispatch, as in the
/// `drift_battle` bench).
fn totals<S: Strategy<DriftGame>>(game: &DriftGame, mut players: (S, S), n: u64) -> Totals {
    let seeds = GameSeeds::new(42);
    let mut table = Table::new(game);
    let (mut rounds, mut points, mut wins) = (0u64, 0i64, 0u64);
    for index in 0..n {
        let mut rng = seeds.rng(index);
        let o = black_box(table.play(game, &mut players, &mut rng));
        points += i64::from(o.points[0]) - i64::from(o.points[1]);
        rounds += u64::from(o.rounds[0] + o.rounds[1]);
        wins += u64::from(o.winner == Some(0));
    }
    (rounds, points, wins)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let kind = args.next().unwrap_or("heuristic".into());
    let strategy = StrategyConfig::preset(&kind).expect("a shipped strategy");
    let pair = args.next().unwrap_or("example".into());
    let n: u64 = args.next().map_or(20_000, |s| s.parse().expect("number of battles"));
    let (a, b) = match pair.as_str() {
        "example" => {
            let lineup = Lineup::example();
            (lineup.drivers[0].1, lineup.drivers[1].1)
        }
        "plain" => {
            let d = Lineup::preset("styles").expect("styles line-up").drivers[0].1;
            (d, d)
        }
        other => panic!("unknown pair {other}: example or plain"),
    };
    let game = DriftGame::chase(DriftRules::default(), a, b);
    let (rounds, points, wins) = match strategy {
        StrategyConfig::Heuristic(config) => totals(&game, (Heuristic { config }, Heuristic { config }), n),
        StrategyConfig::Plain => totals(&game, (Plain, Plain), n),
        StrategyConfig::Random => totals(&game, (Random, Random), n),
    };
    // Totals that change when the random stream is consumed differently.
    println!("{n} battles ({pair}, {kind}): rounds {rounds}, seat 0 points minus seat 1 {points}, seat 0 wins {wins}");
}
