//! Plays a fixed run of Medarot advance-mode games (shipped cards and example
//! decks, seed 42, games 0..n) for instruction counting, which machine load
//! does not disturb:
//! `cargo build --profile bench -p benches --example medarot_count`, then
//! `valgrind --tool=callgrind target/release/examples/medarot_count heuristic 2000`
//! and divide the instructions by n.
//! Arguments: a shipped strategy (default `heuristic`; also `random`), number of
//! games (default 2000). Game `i` pits example deck `i % 4` against deck
//! `i / 4 % 4`, as in the `medarot_game` bench. The totals printed change
//! whenever the random stream is consumed differently.

use engine::medarot::{CardPool, Deck, Heuristic, MedarotGame, Random, Rules, StrategyConfig};
use engine::{GameSeeds, Strategy, Table};
use std::hint::black_box;

/// Totals over the games played.
#[derive(Default)]
struct Totals {
    seat0_wins: u64,
    turns: u64,
    hp: [i64; 2],
    attacks: u64,
    destroys: u64,
}

/// Plays games `0..n` with one strategy type in both seats.
fn run<S: for<'p> Strategy<MedarotGame<'p>>>(mut players: [S; 2], n: u64) -> Totals {
    let pool = CardPool::example();
    let decks = Deck::examples(&pool).expect("example decks");
    let rules = Rules::default();
    let seeds = GameSeeds::new(42);
    let mut table = Table::new(&MedarotGame::new(&pool, rules, &decks[0], &decks[0]));
    let mut t = Totals::default();
    for i in 0..n {
        let game = MedarotGame::new(&pool, rules, &decks[(i % 4) as usize], &decks[(i / 4 % 4) as usize]);
        let o = black_box(table.play(&game, &mut players, &mut seeds.rng(i)));
        t.seat0_wins += u64::from(o.winner == 0);
        t.turns += u64::from(o.turns);
        for seat in 0..2 {
            t.hp[seat] += i64::from(o.hp[seat]);
            t.attacks += u64::from(o.stats[seat].attacks);
            t.destroys += u64::from(o.stats[seat].destroys);
        }
    }
    t
}

fn main() {
    let mut args = std::env::args().skip(1);
    let kind = args.next().unwrap_or("heuristic".into());
    let strategy = StrategyConfig::preset(&kind).expect("a shipped strategy");
    let n: u64 = args.next().map_or(2000, |s| s.parse().expect("number of games"));
    let t = match strategy {
        StrategyConfig::Heuristic(config) => run([Heuristic { config }; 2], n),
        StrategyConfig::Random => run([Random; 2], n),
    };
    // Totals that change when the random stream is consumed differently.
    println!(
        "{n} games ({kind}): seat 0 wins {}, turns {}, final hp per seat {:?}, attacks {}, destroys {}",
        t.seat0_wins, t.turns, t.hp, t.attacks, t.destroys
    );
}
