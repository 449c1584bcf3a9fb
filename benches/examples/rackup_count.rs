//! Plays a fixed run of Rack-up Battle matches (seed 42, matches 0..n) for
//! instruction counting, which machine load does not disturb:
//! `cargo build --profile bench -p benches --example rackup_count`, then
//! `valgrind --tool=callgrind target/release/examples/rackup_count heuristic 20000`
//! and subtract a run of 1 match (the fixed start-up, about 7.2 M), then divide by n - 1.
//! Arguments: a shipped strategy (default `heuristic`), number of matches (default
//! 20000), and `yaku` to also print how often each yaku was scored (a check that
//! every yaku still occurs, and that a speed-up left the results unchanged).
//! Both seats play the strategy's concrete strategy type, so every decision is a
//! direct call, as in the study.

use engine::rackup::{HeuristicStrategy, RackupGame, RandomStrategy, StrategyConfig, Yaku};
use engine::{GameSeeds, Strategy, Table};
use std::hint::black_box;

/// Totals of a run that change when the random stream is consumed differently.
struct Totals {
    points: u64,
    shots: u64,
    yaku: [u64; Yaku::COUNT],
}

/// Plays matches `0..n` with `strategy` in both seats.
fn run<S: Strategy<RackupGame> + Copy>(strategy: S, n: u64, tally: bool) -> Totals {
    let game = RackupGame::preset("default").unwrap();
    let seeds = GameSeeds::new(42);
    let mut table = Table::new(&game);
    let mut players = [strategy; 2];
    let mut totals = Totals { points: 0, shots: 0, yaku: [0; Yaku::COUNT] };
    for index in 0..n {
        let mut rng = seeds.rng(index);
        let o = black_box(table.play(&game, &mut players, &mut rng));
        totals.points += u64::from(o.points[0]);
        totals.shots += u64::from(o.shots);
        if tally {
            for y in Yaku::ALL {
                totals.yaku[y as usize] += u64::from(o.yaku_total(y));
            }
        }
    }
    totals
}

fn main() {
    let mut args = std::env::args().skip(1);
    let kind = args.next().unwrap_or("heuristic".into());
    let strategy = StrategyConfig::preset(&kind).expect("a shipped strategy");
    let n: u64 = args.next().map_or(20_000, |s| s.parse().expect("number of matches"));
    let tally = args.next().is_some_and(|s| s == "yaku");
    let totals = match strategy {
        StrategyConfig::Random => run(RandomStrategy, n, tally),
        StrategyConfig::Heuristic(config) => run(HeuristicStrategy { config }, n, tally),
    };
    println!("{n} matches, seat 0 points {}, shots {}", totals.points, totals.shots);
    if tally {
        for y in Yaku::ALL {
            println!("{:20} {:>9}", y.id(), totals.yaku[y as usize]);
        }
    }
}
