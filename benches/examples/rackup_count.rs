//! Plays a fixed run of Rack-up Battle matches (seed 42, matches 0..n) for
//! instruction counting, which machine load does not disturb:
//! `cargo build --profile bench -p benches --example rackup_count`, then
//! `valgrind --tool=callgrind target/release/examples/rackup_count heuristic 20000`
//! and divide the instructions by n (the fixed start-up is about 0.7 M).
//! Arguments: strategy kind (default `heuristic`), number of matches (default
//! 20000), and `yaku` to also print how often each yaku was scored (a check that
//! every yaku still occurs, and that a speed-up left the results unchanged).

use engine::rackup::{RackupGame, StrategyKind, Yaku};
use engine::{GameSeeds, StrategyChoice, Table};
use std::hint::black_box;

fn main() {
    let mut args = std::env::args().skip(1);
    let kind: StrategyKind = args.next().unwrap_or("heuristic".into()).parse().expect("strategy kind");
    let n: u64 = args.next().map_or(20_000, |s| s.parse().expect("number of matches"));
    let tally = args.next().is_some_and(|s| s == "yaku");
    let game = RackupGame::preset("default").unwrap();
    let seeds = GameSeeds::new(42);
    let mut table = Table::new(&game);
    let mut players = [kind.boxed(), kind.boxed()];
    let mut pts = 0u64;
    let mut shots = 0u64;
    let mut yaku = [0u64; Yaku::COUNT];
    for index in 0..n {
        let mut rng = seeds.rng(index);
        let o = black_box(table.play(&game, &mut players, &mut rng));
        pts += u64::from(o.points[0]);
        shots += u64::from(o.shots);
        if tally {
            for y in Yaku::ALL {
                yaku[y as usize] += u64::from(o.yaku_total(y));
            }
        }
    }
    // Totals that change when the random stream is consumed differently.
    println!("{n} matches, seat 0 points {pts}, shots {shots}");
    if tally {
        for y in Yaku::ALL {
            println!("{:20} {:>9}", y.id(), yaku[y as usize]);
        }
    }
}
