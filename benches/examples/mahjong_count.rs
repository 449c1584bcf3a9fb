//! Plays a fixed run of Ron2 hanchan (`ron2-dojo`, seed 42, hanchan 0..n) with
//! four bots of one preset, for instruction counting, which machine load does
//! not disturb:
//! `cargo build --profile bench -p benches --example mahjong_count`, then
//! `valgrind --tool=callgrind target/release/examples/mahjong_count efficiency 200`;
//! the first shanten call builds the shanten tables (about 2.7 G instructions),
//! so subtract a run of 1 hanchan and divide by n − 1.
//! Arguments: bot preset (default `efficiency`; also `defensive`, `value`, `random`),
//! number of hanchan (default 200), and `each` to also print every hanchan's
//! whole outcome. The totals printed change whenever any bot decides
//! differently, so a speed-up that should not change play can be checked for
//! it (and `each` output compared line by line).

use engine::mahjong::table::{Bot, RiichiTable};
use engine::{GameSeeds, Table};
use std::hint::black_box;

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or("efficiency".into());
    let n: u64 = args.next().map_or(200, |s| s.parse().expect("number of hanchan"));
    let each = args.next().is_some_and(|s| s == "each");
    let bot =
        Bot::by_name(&name).expect("a bot preset: random, efficiency, defensive, value, goto-stakes or tenhou-like");
    let game = RiichiTable::preset("ron2-dojo").expect("ron2-dojo preset");
    let seeds = GameSeeds::new(42);
    let mut table = Table::new(&game);
    let mut bots = [bot; 4];
    let (mut points, mut scores) = ([0i64; 4], [0i64; 4]);
    let (mut hands, mut wins, mut deal_ins, mut riichi, mut calls, mut draws) = (0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
    for index in 0..n {
        let o = black_box(table.play(&game, &mut bots, &mut seeds.rng(index)));
        if each {
            println!("{index} {o:?}");
        }
        for seat in 0..4 {
            points[seat] += i64::from(o.points[seat]);
            scores[seat] += i64::from(o.scores[seat]);
            wins += u64::from(o.wins[seat]);
            deal_ins += u64::from(o.deal_ins[seat]);
            riichi += u64::from(o.riichi[seat]);
            calls += u64::from(o.calls[seat]);
        }
        hands += u64::from(o.hands);
        draws += u64::from(o.exhaustive_draws);
    }
    // Totals that change whenever any bot decides differently.
    println!(
        "{n} hanchan of 4 `{name}` bots: hands {hands}, wins {wins}, deal-ins {deal_ins}, riichi {riichi}, calls {calls}, exhaustive draws {draws}"
    );
    println!("final points per seat {points:?}, final scores per seat {scores:?}");
}
