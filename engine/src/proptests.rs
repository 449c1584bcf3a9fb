//! Property tests: every game's conservation invariants (its [`Validate`] check, after the
//! deal and after every action) over random rules within their documented ranges. Drift: the cards counted and the points
//! zero-sum; Rack-up: points and HP within the rules, the points counted; Medarot: HP and
//! every card counted; mahjong: the points zero-sum with the sticks and 136 or 108 tiles
//! counted; Gotō chips: every session's transfers sum to zero. Case counts are bounded so
//! that each property runs in a few seconds, from a fixed seed (the same cases every run).

use crate::drift::strategy::{Heuristic, Random as DriftRandom};
use crate::drift::{DriftGame, DriftRules, Lineup};
use crate::mahjong::chips::{ChipLedger, ChipSink, ChipTally, dice_stream};
use crate::mahjong::table::{Bot, MAX_HANDS, RiichiTable, TableSettings};
use crate::medarot::{CardPool, Deck, FirstPlayer, MedarotGame, MovePenalty, PowerChangeCost, Rules as MedarotRules};
use crate::rackup::{Profile, RackupGame};
use crate::testing::{Validate, check_game};
use crate::{Game, GameSeeds, StrategyChoice, Table};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

/// Decisions far above any real game of any of these engines.
const MAX_DECISIONS: usize = 100_000;

/// Plays game 0 of `seed` under every check; panics with the first violation.
fn checked<G: Validate, P: crate::Players<G> + ?Sized>(game: &G, players: &mut P, seed: u64) -> G::State
where
    G::Action: std::hash::Hash + Eq,
{
    check_game(game, players, &mut GameSeeds::new(seed).rng(0), MAX_DECISIONS)
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"))
        .state
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, rng_seed: RngSeed::Fixed(7), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn drift_cards_and_points_conserved(
        decks in 1u8..=2, jokers in 0u8..=4, flags in any::<[bool; 7]>(), uses in 0u8..=3,
        max_rounds in 1u16..=1000, a in 0usize..6, b in 0usize..6, team in any::<bool>(), seed in any::<u64>(),
    ) {
        let rules = DriftRules {
            decks, jokers, apply_home_bonus: flags[0], fresh_deck_each_chase: flags[1],
            speed_master_uses_per_chase: uses, speed_master_every_round: flags[2],
            legal_high_needs_life: flags[3], phantom_every_round: flags[4],
            diamond_cutter_needs_score: flags[5], max_rounds_per_chase: max_rounds,
        };
        let game = if team {
            let teams = Lineup::preset("teams").unwrap().teams;
            DriftGame::team(rules, teams[a % teams.len()].1, teams[b % teams.len()].1)
        } else {
            let drivers = Lineup::example().drivers;
            DriftGame::chase(rules, drivers[a].1, drivers[b].1)
        };
        if flags[6] {
            checked(&game, &mut [Heuristic::shipped(); 2][..], seed);
        } else {
            checked(&game, &mut [DriftRandom; 2][..], seed);
        }
    }

    #[test]
    fn rackup_points_and_hp_conserved(
        rounds in 1u8..=8, max_hp in 1u8..=60, start_points in 1u8..=100, barricades in 0u8..=9,
        max_kans in 0u8..=4, recover in 1u8..=6, seed in any::<u64>(),
    ) {
        let mut profile = Profile::preset("default").unwrap();
        let r = &mut profile.rules;
        (r.rounds, r.max_hp, r.start_points, r.barricades, r.max_kans, r.recover_per_action) =
            (rounds, max_hp, start_points, barricades, max_kans, recover);
        r.max_rounds = r.max_rounds.max(rounds);
        profile.validate().unwrap();
        let game = RackupGame::new(profile).unwrap();
        let mut players = [crate::rackup::strategy::StrategyConfig::Random; 2].map(|s| s.boxed());
        checked(&game, &mut players, seed);
    }

    #[test]
    fn medarot_hp_and_cards_counted(
        base_hp in 1u8..=40, first in 0usize..3, flags in any::<[bool; 3]>(), cost in 0usize..2,
        penalty in 0usize..2, mulligans in 0u8..=10, a in 0usize..4, b in 0usize..4, seed in any::<u64>(),
    ) {
        let rules = MedarotRules {
            base_hp,
            first_player: [FirstPlayer::Random, FirstPlayer::Seat0, FirstPlayer::Seat1][first],
            shoot_adjacent: flags[0],
            power_change_cost: [PowerChangeCost::EachAction, PowerChangeCost::OnChange][cost],
            max_mulligans: mulligans,
            centre_fallback: flags[1],
            move_penalty: [MovePenalty::Attack, MovePenalty::EveryTurn][penalty],
        };
        let pool = CardPool::example();
        let decks = Deck::examples(&pool).unwrap();
        let game = MedarotGame::new(&pool, rules, &decks[a], &decks[b]);
        let kind = if flags[2] { "heuristic" } else { "random" };
        let mut players = [crate::medarot::StrategyConfig::preset(kind).unwrap(); 2].map(|s| s.boxed());
        checked(&game, &mut players, seed);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, rng_seed: RngSeed::Fixed(7), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mahjong_points_zero_sum_and_tiles_counted(
        preset in prop::sample::select(vec!["ron2-dojo", "ron2-battle", "ron2-a", "tenhou", "goto", "goto-cutbi"]),
        start in 100i32..=600, back in 0i32..=100, uma in any::<[i8; 3]>(), flags in any::<[bool; 3]>(),
        bot in 0usize..3, hands in 1u16..=MAX_HANDS, seed in any::<u64>(),
    ) {
        let mut s = TableSettings::preset(preset).unwrap();
        s.start_points = start * 100;
        s.return_points = s.start_points + back * 100;
        let [u0, u1, u2] = uma.map(i32::from);
        s.uma = [u0, u1, u2, -(u0 + u1 + u2)];
        (s.bust, s.ura_dora, s.kan_dora) = (flags[0], flags[1], flags[2]);
        s.kan_ura_dora &= s.ura_dora;
        // The hand cap ends the games of three random bots at Gotō's table, who never win
        // while the dealer repeats on every draw.
        s.max_hands = hands;
        let game = RiichiTable::new(s).unwrap();
        let bot = [Bot::random(), Bot::efficiency(), Bot::defensive()][bot];
        checked(&game, &mut [bot; 4][..game.num_seats()], seed);
    }

    #[test]
    fn goto_chips_zero_sum(
        cutbi in any::<bool>(), values in any::<[u8; 6]>(), flags in any::<[bool; 4]>(), sit_out in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let table = RiichiTable::preset(if cutbi { "goto-cutbi" } else { "goto" }).unwrap().with_hand_log(true);
        let mut rules = table.settings().chips.unwrap();
        let [a, b, c, d, e, f] = values.map(|v| i32::from(v % 8) + 1);
        (rules.ippatsu, rules.red, rules.gold, rules.ura, rules.bust, rules.over) = (a, b, c, d, e, f);
        (rules.split_ties, rules.kubi_at_line, rules.bust_pays_each_winner, rules.ura_counts_norths) =
            (flags[0], flags[1], flags[2], flags[3]);
        let ledger = ChipLedger::new(rules, &table, sit_out);
        let seeds = GameSeeds::new(seed);
        let mut t = Table::new(&table);
        let o = t.play(&table, &mut [Bot::efficiency(), Bot::defensive(), Bot::efficiency()], &mut seeds.rng(0));
        let mut out = Vec::new();
        ledger.settle_game(t.state().hand_log.hands(), &o.points, &mut dice_stream(&seeds, 0), &mut out);
        let mut tally = ChipTally::default();
        out.iter().for_each(|&x| tally.book(x));
        prop_assert_eq!(tally.totals().iter().sum::<i32>(), 0, "{:?}", out);
    }
}
