//! Match-level tests: rules, invariants and yaku occurrence under the default profile.

use super::*;
use crate::{GameSeeds, Strategy, Table};

pub(crate) fn play_many(
    game: &RackupGame,
    kinds: [StrategyKind; 2],
    seed: u64,
    n: u64,
    mut each: impl FnMut(u64, &MatchOutcome, &RackupState),
) {
    let seeds = GameSeeds::new(seed);
    let mut table = Table::new(game);
    let mut a = kinds[0].strategy();
    let mut b = kinds[1].strategy();
    for i in 0..n {
        let mut rng = seeds.rng(i);
        let mut players: [&mut dyn Strategy<RackupGame>; 2] = [&mut a, &mut b];
        let o = table.play(&mut players, &mut rng);
        each(i, &o, table.state());
    }
}

#[test]
#[ignore]
fn print_frequencies() {
    let game = RackupGame::preset("default").unwrap();
    for kinds in [[StrategyKind::Random; 2], [StrategyKind::Heuristic; 2]] {
        let mut counts = [0u64; Yaku::COUNT];
        let mut wins = 0u64;
        let mut rounds = 0u64;
        let mut shots = 0u64;
        let mut noyaku = 0u64;
        let mut mutual = 0u64;
        let n = 1_000_000;
        let t = std::time::Instant::now();
        play_many(&game, kinds, 1, n, |_, o, _| {
            for y in Yaku::ALL {
                counts[y as usize] += u64::from(o.yaku_total(y));
            }
            wins += u64::from(o.wins[0] + o.wins[1]);
            noyaku += u64::from(o.no_yaku[0] + o.no_yaku[1]);
            mutual += u64::from(o.mutual);
            rounds += u64::from(o.round_attempts);
            shots += u64::from(o.shots);
        });
        println!("{kinds:?}: {:?} wins {wins} noyaku {noyaku} mutual {mutual} rounds {rounds} shots {shots}", t.elapsed());
        for y in Yaku::ALL {
            println!("  {:20} {:>9} per M matches", y.id(), counts[y as usize]);
        }
    }
}
