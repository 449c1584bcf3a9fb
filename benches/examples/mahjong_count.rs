//! Plays a fixed run of riichi games (a table preset, seed 42, games 0..n) with
//! every seat a bot of one preset, for instruction counting, which machine load
//! does not disturb:
//! `cargo build --profile bench -p benches --example mahjong_count`, then
//! `valgrind --tool=callgrind target/release/examples/mahjong_count efficiency 200`;
//! the first shanten call builds the shanten tables (about 2.7 G instructions),
//! so subtract a run of 1 game and divide by n − 1.
//! Arguments: bot preset (default `efficiency`; also `defensive`, `value`, `random`),
//! number of games (default 200), then, in any order, a table preset (default
//! `ron2-dojo`; `goto`, …; a name ending in `+local_yaku` plays that table with the
//! ten shipped local yaku added to its scoring rules, its built-in renhou switched off
//! for the data one) and `each` to also print every
//! game's whole outcome. The totals printed change whenever any bot decides
//! differently, so a speed-up that should not change play can be checked for
//! it (and `each` output compared line by line).

use engine::mahjong::Rules;
use engine::mahjong::table::{Bot, MAX_SEATS, RiichiTable, TableSettings};
use engine::{Game, GameSeeds, Table};
use std::hint::black_box;

/// The table `spec` names: a preset, or a preset `+local_yaku`.
fn table(spec: &str) -> RiichiTable {
    let Some(preset) = spec.strip_suffix("+local_yaku") else {
        return RiichiTable::preset(spec).expect("a table preset");
    };
    let settings = TableSettings::preset(preset).expect("a table preset");
    let local = "[yaku]\nrenhou = \"none\"\n[yaku.local]\ninclude = [\"local_yaku\"]\n";
    let text = format!("extends = \"{}\"\n{local}", settings.scoring);
    let rules = Rules::from_toml(&text).expect("the preset's rules with the local yaku");
    RiichiTable::with_rules(settings, rules).expect("a valid table")
}

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or("efficiency".into());
    let n: u64 = args.next().map_or(200, |s| s.parse().expect("number of games"));
    let (mut spec, mut each) = ("ron2-dojo".to_string(), false);
    for arg in args {
        match arg.as_str() {
            "each" => each = true,
            _ => spec = arg,
        }
    }
    let bot = Bot::by_name(&name)
        .expect("a bot preset: random, efficiency, defensive, value, goto-stakes, tenhou-like or strong");
    let game = table(&spec);
    let seats = game.num_seats();
    let seeds = GameSeeds::new(42);
    let mut table = Table::new(&game);
    let mut bots = [bot; MAX_SEATS];
    let (mut points, mut scores) = ([0i64; MAX_SEATS], [0i64; MAX_SEATS]);
    let (mut hands, mut wins, mut deal_ins, mut riichi, mut calls, mut draws) = (0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
    for index in 0..n {
        let o = black_box(table.play(&game, &mut bots[..seats], &mut seeds.rng(index)));
        if each {
            println!("{index} {o:?}");
        }
        for seat in 0..seats {
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
        "{n} games of `{spec}` with `{name}` bots: hands {hands}, wins {wins}, deal-ins {deal_ins}, riichi {riichi}, calls {calls}, exhaustive draws {draws}"
    );
    println!("final points per seat {points:?}, final scores per seat {scores:?}");
}
