//! The Medarot study's saved state: its parameters, the card list, decks and rules they
//! read, the study they rebuild (with its ablation arms) and its accumulator, what
//! `state.json` holds and `sim merge` adds up. Free of the tables and the runner, so the
//! `state_merge` fuzz target reads and merges it as `sim merge` does.

use super::ablation::{self, Arm};
use crate::paired::{Loaded, Paired, SavedPaired};
use crate::saved::{Source, State};
use crate::stats::{Histogram, Moments, Rate};
use anyhow::{Context, Result, ensure};
use engine::medarot::{
    CardId, CardPool, Deck, HP_TURNS, LossCondition, MedarotGame, MedarotOutcome, PlayerStats, Rules, StrategyConfig,
};
use serde::{Deserialize, Serialize};
use std::ops::AddAssign;

/// Longest game (in turns) with its own histogram bin.
pub const MAX_TURNS: i64 = 200;
/// Largest speed difference between the two sides' fastest medarots with its own row.
pub const MAX_SPEED_GAP: i64 = 9;

/// Everything that defines a Medarot study.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MedarotParams {
    /// The card list file (`None`: the invented example pool).
    pub cards: Option<Source>,
    /// The deck file (`None`: the example decks).
    pub decks: Option<Source>,
    /// The rules preset file (`None`: the default readings).
    pub rules: Option<Source>,
    /// Strategy names of the row deck's player and the column deck's player.
    pub strategies: [Source; 2],
    /// Game indices below this that pair two different decks are replayed under every
    /// ablation and stat-step arm.
    pub ablation_games: u64,
}

/// The card list, the decks (checked against it, at least one) and the rules the files
/// name, the built-in examples and `advance` where `None`.
pub fn setting(
    cards: &Option<Source>,
    decks: &Option<Source>,
    rules: &Option<Source>,
) -> Result<(CardPool, Vec<Deck>, Rules)> {
    let pool = match cards {
        Some(src) => src.parse("medarot card file", CardPool::from_toml)?,
        None => CardPool::example(),
    };
    let decks = match decks {
        Some(src) => src.parse("medarot deck file", |text| Deck::from_toml(&pool, text))?,
        None => Deck::examples(&pool).context("example decks")?,
    };
    ensure!(!decks.is_empty(), "no decks to play");
    let rules = match rules {
        Some(src) => src.parse("medarot rules", |text| Rules::from_toml(text, &src.name))?,
        None => Rules::default(),
    };
    Ok((pool, decks, rules))
}

/// A Medarot study ready to run.
pub struct MedarotStudy {
    /// What defines it.
    pub params: MedarotParams,
    /// The card list with the stat-stepped copies appended.
    pub pool: CardPool,
    /// The decks, each checked against the card list.
    pub decks: Vec<Deck>,
    /// The rules.
    pub rules: Rules,
    /// The row deck's player's strategy and the column deck's player's.
    pub strategies: [StrategyConfig; 2],
    /// The ablation and stat-step arms.
    pub arms: Vec<Arm>,
}

impl State for MedarotStudy {
    const KIND: &'static str = "medarot";
    type Params = MedarotParams;
    type Acc = MedarotAcc;

    fn params(&self) -> &MedarotParams {
        &self.params
    }

    fn from_params(params: MedarotParams) -> Result<Self> {
        let (pool, decks, rules) = setting(&params.cards, &params.decks, &params.rules)?;
        let parse = |src: &Source| src.parse("medarot strategy", StrategyConfig::from_toml);
        let strategies = [parse(&params.strategies[0])?, parse(&params.strategies[1])?];
        let (pool, arms) = ablation::arms(&pool, &decks)?;
        Ok(Self { params, pool, decks, rules, strategies, arms })
    }

    fn empty(&self) -> MedarotAcc {
        MedarotAcc::new(self.decks.len(), self.pool.len(), self.arms.len())
    }

    /// Every index plays one game, whose length is recorded.
    fn indices(&self, acc: &MedarotAcc) -> u64 {
        acc.turns.n
    }
}

fn loss_index(l: LossCondition) -> usize {
    match l {
        LossCondition::CannotPay => 0,
        LossCondition::DeckOut => 1,
        LossCondition::NoMedarot => 2,
    }
}

/// The loss conditions' names, in [`loss_index`] order.
pub const LOSS_NAMES: [&str; 3] = ["cannot_pay", "deck_out", "no_medarot"];
/// Per-player counts kept per deck.
pub const STATS: usize = PlayerStats::NAMES.len();

/// The aggregate of a Medarot study.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MedarotAcc {
    /// Row deck's results per cell (`row * n + col`).
    pub cells: Vec<Rate>,
    /// Seat-order check: the results of the seat that resolves phases first.
    pub seat_order: Rate,
    /// The results of the side whose medarot acted first in turn 1.
    pub first_actor: Rate,
    /// The results of the side that won turn 1's coin flip, in the games where the
    /// players' fastest medarots tied (speed, arrows, cost): acting first, randomised.
    #[serde(default)]
    pub coin_flip: Rate,
    /// The results of the side whose fastest medarot was faster in turn 1 (ties left out).
    pub faster: Rate,
    /// The row deck's results by its fastest medarot's speed minus the column deck's
    /// (index gap + [`MAX_SPEED_GAP`], clamped).
    pub speed_gap: Vec<Rate>,
    /// Game length in turns.
    pub turns: Moments,
    /// Distribution of game length.
    pub turns_hist: Histogram,
    /// Games ended by each loss condition (cannot pay, deck out, no medarot).
    pub losses: [u64; 3],
    /// Per deck (`deck * 3 + condition`): games its side lost by each condition.
    pub deck_losses: Vec<u64>,
    /// Per deck (`deck * STATS + count`): each per-player count of its side.
    pub stats: Vec<Moments>,
    /// Per deck (`deck * HP_TURNS + turn`): its side's HP at the end of each turn reached.
    pub hp_curve: Vec<Moments>,
    /// Per deck and card of the pool (`deck * cards + card`): the deck's results when it played the card.
    pub played: Vec<Rate>,
    /// The same when the card was in the deck but not played.
    pub unplayed: Vec<Rate>,
    /// Per arm: the changed deck's win (x) and the unchanged deck's (y, the arm's base) in
    /// each ablation game of the deck. Older files kept one arm's sums without the base's
    /// (and the base's per deck, `arm_base`, now dropped): wins are 0 or 1, so those sums
    /// hold the base's side too ([`Paired::from_indicator_sums`]).
    #[serde(deserialize_with = "arms")]
    pub arms: Vec<Paired>,
}

impl MedarotStudy {
    /// The game of `seat0`'s deck against `seat1`'s under the study's card list and rules.
    pub fn game<'a>(&'a self, seat0: &Deck, seat1: &Deck) -> MedarotGame<'a> {
        MedarotGame::new(&self.pool, self.rules, seat0, seat1)
    }
}

impl MedarotAcc {
    /// An empty accumulator for `decks` decks, a pool of `cards` cards and `arms` arms.
    pub fn new(decks: usize, cards: usize, arms: usize) -> Self {
        Self {
            cells: vec![Rate::default(); decks * decks],
            seat_order: Rate::default(),
            first_actor: Rate::default(),
            coin_flip: Rate::default(),
            faster: Rate::default(),
            speed_gap: vec![Rate::default(); 2 * MAX_SPEED_GAP as usize + 1],
            turns: Moments::default(),
            turns_hist: Histogram::new(0, MAX_TURNS),
            losses: [0; 3],
            deck_losses: vec![0; decks * 3],
            stats: vec![Moments::default(); decks * STATS],
            hp_curve: vec![Moments::default(); decks * HP_TURNS],
            played: vec![Rate::default(); decks * cards],
            unplayed: vec![Rate::default(); decks * cards],
            arms: vec![Paired::default(); arms],
        }
    }

    /// Records game `o` of deck `row` (seat 0) against deck `col` (seat 1).
    pub fn record(&mut self, decks: &[Deck], row: usize, col: usize, o: &MedarotOutcome) {
        self.cells[row * decks.len() + col].record(o.winner == 0);
        self.seat_order.record(o.winner == o.first_player);
        if let Some(p) = o.first_actor {
            self.first_actor.record(o.winner == p);
            if o.first_actor_by_coin {
                self.coin_flip.record(o.winner == p);
            }
            let [s0, s1] = o.turn1_speed.map(i64::from);
            if s0 != s1 {
                self.faster.record(o.winner == usize::from(s1 > s0));
            }
            let gap = (s0 - s1).clamp(-MAX_SPEED_GAP, MAX_SPEED_GAP) + MAX_SPEED_GAP;
            self.speed_gap[gap as usize].record(o.winner == 0);
        }
        self.turns.record(i64::from(o.turns));
        self.turns_hist.record(i64::from(o.turns));
        self.losses[loss_index(o.loss)] += 1;
        let cards = self.played.len() / decks.len();
        let ended = usize::from(o.turns_ended).min(HP_TURNS);
        for (seat, deck) in [row, col].into_iter().enumerate() {
            let won = o.winner == seat;
            if !won {
                self.deck_losses[deck * 3 + loss_index(o.loss)] += 1;
            }
            for (m, v) in self.stats[deck * STATS..][..STATS].iter_mut().zip(o.stats[seat].values()) {
                m.record(i64::from(v));
            }
            for (m, hp) in self.hp_curve[deck * HP_TURNS..][..ended].iter_mut().zip(&o.hp_by_turn) {
                m.record(i64::from(hp[seat]));
            }
            for c in 0..cards {
                let id = CardId(c as u16);
                if decks[deck].copies(id) == 0 {
                    continue;
                }
                let k = deck * cards + c;
                if o.played[seat].contains(id) { &mut self.played[k] } else { &mut self.unplayed[k] }.record(won);
            }
        }
    }
}

/// The arms of a saved [`MedarotAcc`], in either form.
fn arms<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Paired>, D::Error> {
    let saved = Vec::<SavedPaired>::deserialize(d)?;
    let load = |s: SavedPaired| match s.load().map_err(serde::de::Error::custom)? {
        Loaded::Paired(p) => Ok(p),
        Loaded::Sums(sums) => Paired::from_indicator_sums(&sums)
            .ok_or_else(|| serde::de::Error::custom("an older arm's sums are not of wins (0 or 1)")),
    };
    saved.into_iter().map(load).collect()
}

impl AddAssign for MedarotAcc {
    fn add_assign(&mut self, o: Self) {
        fn add<T: AddAssign>(a: &mut [T], b: Vec<T>) {
            a.iter_mut().zip(b).for_each(|(a, b)| *a += b);
        }
        add(&mut self.cells, o.cells);
        self.seat_order += o.seat_order;
        self.first_actor += o.first_actor;
        self.coin_flip += o.coin_flip;
        self.faster += o.faster;
        add(&mut self.speed_gap, o.speed_gap);
        self.turns += o.turns;
        self.turns_hist += o.turns_hist;
        add(&mut self.losses, o.losses.to_vec());
        add(&mut self.deck_losses, o.deck_losses);
        add(&mut self.stats, o.stats);
        add(&mut self.hp_curve, o.hp_curve);
        add(&mut self.played, o.played);
        add(&mut self.unplayed, o.unplayed);
        add(&mut self.arms, o.arms);
    }
}
