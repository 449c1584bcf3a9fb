//! Players for the riichi table, seeing only their seat's [`RiichiView`]:
//! `random` (uniform over the legal actions), `efficiency` (fewest shanten,
//! then most live ukeire; riichi when closed and tenpai; a yakuhai pon;
//! other calls only when the hand keeps a yaku to reach: always wins) and
//! `defensive` (efficiency that opens its hand like a strong player, with
//! dama and kans, until an opponent's riichi or a dangerous open hand; then
//! it folds with genbutsu, suji, kabe, one chance and honours unless its
//! hand is worth pushing). `value` is `defensive` that weighs hand value
//! (`value.rs`: dora kept, waits by worth, calls only for a hand worth enough, dama
//! on a poor wait) and its place near the end (`placement.rs`: folding when first,
//! riichi only when a dama win does not change its rank); `goto-stakes` is `value`
//! that plays for Gotō's chips and reads the cut-bi stakes (`stakes.rs`); `tenhou-like`
//! is `value` fitted to the 天鳳 鳳凰卓 bands (fewer calls, toitoi sought, only four melds
//! a threat, no folding for first place); `strong` is `tenhou-like` tuned by self-play for
//! points (`sim tune`), then for the final score (`sim deviations`: see its file). Settings are a
//! [`BotConfig`], read from TOML: the seven presets are files in `presets/` ([`BOT_PRESETS`]).
//!
//! Open hands follow a plan (`plan.rs`): a yakuhai pon (or a yakuhai pair
//! kept to pon), tanyao (喰いタン: Ron2 counts it open), honitsu or toitoi, and with
//! `sequence_plans` sanshoku, ittsu or chanta;
//! their discards keep the plan, and a call is made only when the hand
//! after it, under its best plan, is closer to tenpai than before (with
//! `plan_bias` honitsu and with `toitoi_bias` toitoi count that much closer). Closed hands
//! break ties between equally efficient discards towards honitsu (then, with
//! `sequence_plans`, sanshoku or ittsu) or tanyao when they are nearly there. Where 萬子ホンイツ is a yakuman (Gotō), a hand with few
//! pinzu and souzu, closed or open, heads for it when it is at most
//! `manzu_honitsu_bias` shanten further than its best other plan.
//!
//! `tenhou-like` is calibrated against 天鳳 鳳凰卓 (2016), the bands of
//! `table/presets/calibration_tenhou.toml`: over 4,000 seeded hanchan its five per-round
//! rates and its average win (the hand's value, as Tenhou's figure) are within 5% of the
//! real figures and the eight banded yaku shares within 20%; `defensive` has the rates
//! but hands 15% too cheap and too few pinfu, iipeikou, sanshoku and toitoi. See `sim
//! mahjong calibrate` and the `mahjong_calibrate` example in `benches`.

mod defense;
mod memo;
mod placement;
mod plan;
mod stakes;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_placement;
#[cfg(test)]
mod tests_runs;
#[cfg(test)]
mod tests_stakes;
#[cfg(test)]
mod tests_value;
mod value;

use super::{Action, RiichiTable, RiichiView};
use crate::config::{TomlError, from_toml};
use crate::mahjong::{
    Meld, MeldKind, Tile, TileCounts, TileSet, shanten, shanten_after_discards, shanten_kokushi, ukeire, ukeire_count,
};
use crate::{GameRng, Strategy};
use memo::WaitsMemo;
use plan::{Plan, plans, yakuhai};
use rand::RngExt;
use serde::Deserialize;
use std::cell::{LazyCell, OnceCell};

/// A hand this close to kokushi (shanten) keeps its norths (or other terminal or honour nuki
/// kinds) rather than setting them aside (G-X1: a north stays in a hand only for kokushi or
/// 四喜和).
const KOKUSHI_KEEPS_NORTH: i8 = 2;

/// A hand holding this many winds as pairs or sets, the north among them, keeps its norths
/// for 四喜和 (shousuushii / daisuushii) rather than extracting them (G-X1).
const SUUSHII_KEEPS_NORTH: usize = 3;

/// How a bot plays.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Style {
    /// Uniform over the legal actions.
    Random,
    /// Tile efficiency, never folds.
    Efficiency,
    /// Efficiency, folding against threats.
    Defensive,
}

/// A bot's settings (TOML: every field required).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct BotConfig {
    /// Style of play.
    pub style: Style,
    /// Declare riichi when closed and tenpai (see also `dama_han`).
    pub riichi: bool,
    /// Pon yakuhai (dragons, seat and round wind) from a pair.
    pub call_yakuhai: bool,
    /// Other calls (chi, pon) that bring the hand, under its best plan
    /// (tanyao, honitsu, toitoi, a yakuhai kept or already called), closer to
    /// tenpai: only when the hand after the call is at most this shanten
    /// (−1: never).
    #[serde(deserialize_with = "shanten_setting")]
    pub call_max_shanten: i8,
    /// A closed hand opens for such a call only when it is at least this
    /// many shanten (a yakuhai pon is always made).
    #[serde(deserialize_with = "shanten_setting")]
    pub open_min_shanten: i8,
    /// An open hand prefers honitsu (with `toitoi_bias`, toitoi) to a cheaper plan up to
    /// this many shanten further from tenpai.
    #[serde(deserialize_with = "shanten_setting")]
    pub plan_bias: i8,
    /// An open hand prefers toitoi to a cheaper plan up to this many shanten further from
    /// tenpai (`plan_bias` is honitsu's).
    #[serde(deserialize_with = "shanten_setting")]
    pub toitoi_bias: i8,
    /// Where the scoring rules count 萬子ホンイツ (honitsu in manzu) as a yakuman (Gotō; not
    /// Ron2), a hand, closed or open, with at most 4 pinzu and souzu tiles and no meld of
    /// them heads for it (discards and calls keep it) when its shanten towards it is at most
    /// this many more than under its best other plan (−1: never; then it is a honitsu like
    /// any other, for open hands only). A closed hand heading for it declares riichi only
    /// once tenpai on it.
    #[serde(deserialize_with = "shanten_setting")]
    pub manzu_honitsu_bias: i8,
    /// Defensive: keep pushing against a threat when tenpai with at least
    /// this many live winning tiles.
    pub push_ukeire: u32,
    /// Defensive: keep pushing against a threat when one from tenpai
    /// (1-shanten) with at least this many live tiles that advance the hand
    /// (0: never).
    pub push_1shanten_ukeire: u32,
    /// Defensive: an open hand with at least this many open melds is a
    /// threat like a riichi (5: only riichi).
    pub threat_melds: u8,
    /// Stay dama (no riichi) when closed, tenpai on a hand that has a yaku
    /// without riichi worth at least this many han on some wait (0: always
    /// riichi).
    pub dama_han: u8,
    /// Declare kans that do not set the hand back: a closed kan (in riichi
    /// whenever allowed), an added kan, a daiminkan only in an open hand.
    pub kans: bool,
    /// Count live ukeire to break ties only when the best shanten is at
    /// most this; further from tenpai, ties keep the tiles with the most
    /// neighbours (cheaper, for throughput).
    #[serde(deserialize_with = "shanten_setting")]
    pub ukeire_max_shanten: i8,
    /// Declare open riichi (where the table allows it, G-R2) when another seat is already
    /// in riichi (it discards what it draws, so it is forced to deal in on any wait, at
    /// 13 han, G-R3) and the hand has at least this many live winning tiles; 0: never.
    pub open_riichi_waits: u32,
    /// 順位 placement: when a win can end the game (the all-last, an extension, sudden
    /// death, a win that busts a seat), decline a win (ron or tsumo) that ends it with the
    /// bot in a worse place than another win of the same hand still in reach would (a
    /// tsumo instead of a ron, a direct hit, a dearer wait); and as the last seat at the
    /// all-last, play on for 国士無双 instead of a 九種九牌 abort. Off: every win is taken.
    pub placement: bool,
    /// 九種九牌: abort unless the hand holds at least this many kinds of terminals and
    /// honours (then it plays for 国士無双; 14: always abort, as does a bot without
    /// `placement` in any case short of that).
    pub kokushi_kinds: u8,
    /// Head for 三色同順 sanshoku, 一気通貫 ittsu and 混全帯么九 chanta too: an open hand has
    /// them among its plans (so calls are made towards them, and its discards keep them);
    /// a closed hand with `plan_bias` on breaks ties between equally efficient discards
    /// towards a sanshoku or ittsu two tiles or fewer from complete.
    pub sequence_plans: bool,
    /// Value: ties between discards keep a dora by this much keep value per dora (each
    /// turned indicator showing its kind, and a red or gold five when the hand holds no
    /// plain five of that kind); 0: dora count for nothing.
    pub dora_keep: u8,
    /// Value: a closed hand's tenpai discard is chosen by the worth of its waits (live
    /// tiles, each weighted by 2^han of a win on it: a dama ron's han, dora and red fives
    /// included, plus riichi's) rather than by live tiles alone: ryanmen over kanchan,
    /// pinfu over non-pinfu, a dora wait over a plain one.
    pub wait_value: bool,
    /// Value: a call other than a yakuhai pon is made only when the open hand after it is
    /// worth at least this many han under its plan (the plan's yaku, see
    /// `plan::Plan::open_han`, and the dora held and melded); 0: any call.
    pub call_min_han: u8,
    /// Value: stay dama (no riichi) when closed and tenpai on a hand with a yaku without
    /// riichi and at most this many live winning tiles (a poor wait, to improve); 0: off.
    pub dama_max_waits: u32,
    /// 順位 placement: when a win can end the game, the seat in first place folds against
    /// any threat, however good its hand.
    pub first_folds: bool,
    /// 順位 placement: when a win can end the game, a closed tenpai hand stays dama when a
    /// dama tsumo on each live wait ends it in a better place than now (first, when first:
    /// the least hand that changes the rank) and declares riichi otherwise, whatever
    /// `dama_han`, `dama_max_waits` and `chip_riichi` say.
    pub placement_riichi: bool,
    /// 祝儀 chips (Gotō): against a threat, keep pushing a tenpai hand that holds at least
    /// this many chips (red and gold fives, extracted norths, at the table's rates); 0: off.
    pub chip_push: u32,
    /// 祝儀 chips: where the table pays chips for ura dora or ippatsu, declare riichi on
    /// every closed tenpai hand (`dama_han` and `dama_max_waits` ignored).
    pub chip_riichi: bool,
    /// カットビ cut-bi stakes: read every seat's state (満塁 Bases, ホームラン HomeRun): the
    /// push thresholds double against a threat in HomeRun (what a deal-in pays it doubles)
    /// and halve when the bot is HomeRun itself (what its win takes doubles); the open
    /// riichi threshold halves when it is HomeRun.
    pub stakes: bool,
}

/// Reads a bot setting counted in shanten: from −1 (never) to 8, the most a hand can be
/// from tenpai (a larger one would be silently the same as 8).
fn shanten_setting<'de, D: serde::Deserializer<'de>>(d: D) -> Result<i8, D::Error> {
    let n = i8::deserialize(d)?;
    match (-1..=8).contains(&n) {
        true => Ok(n),
        false => Err(serde::de::Error::custom(format!("{n} shanten is out of range -1..=8"))),
    }
}

impl BotConfig {
    /// Reads a bot's settings from TOML.
    pub fn from_toml(text: &str) -> Result<BotConfig, TomlError> {
        from_toml(text)
    }
}

/// A bot of any [`Style`].
#[derive(Clone, Copy, Debug)]
pub struct Bot {
    /// Its settings.
    pub config: BotConfig,
    /// The waits of the hand it last kept (a cache).
    memo: WaitsMemo,
}

impl Bot {
    /// A bot with these settings.
    pub fn new(config: BotConfig) -> Bot {
        Bot { config, memo: WaitsMemo::EMPTY }
    }

    /// Uniform over the legal actions (preset `random`).
    pub fn random() -> Bot {
        Bot::builtin("random")
    }

    /// Tile efficiency with riichi, yakuhai calls and calls that keep a
    /// plan (preset `efficiency`).
    pub fn efficiency() -> Bot {
        Bot::builtin("efficiency")
    }

    /// Calibrated to the Tenhou 鳳凰卓 rates (preset `defensive`): opens 1-
    /// and 2-shanten hands with calls that bring them to tenpai or
    /// 1-shanten (yakuhai, tanyao, honitsu, toitoi), stays dama with 3+ han
    /// without riichi, declares kans, folds against riichi and three-meld
    /// hands unless tenpai with 4+ live waits or 1-shanten with 13+ live
    /// tiles.
    pub fn defensive() -> Bot {
        Bot::builtin("defensive")
    }

    fn builtin(name: &str) -> Bot {
        Bot::by_name(name).expect("built-in bot presets are valid")
    }

    /// Value-aware `defensive` (preset `value`): keeps dora, chooses waits and riichi or
    /// dama by value, calls only for a hand worth 2 han, plays for its place at the end.
    pub fn value() -> Bot {
        Bot::builtin("value")
    }

    /// A bot by preset name (see [`BOT_PRESETS`]): `random`, `efficiency`, `defensive`,
    /// `value`, `goto-stakes`, `tenhou-like` or `strong`.
    pub fn by_name(name: &str) -> Option<Bot> {
        let text = BOT_PRESETS.iter().find(|p| p.0 == name)?.1;
        Some(Bot::new(BotConfig::from_toml(text).expect("built-in bot presets are valid")))
    }
}

/// The built-in bot presets: name and TOML text (also a starting point for
/// a bot file of one's own).
pub const BOT_PRESETS: [(&str, &str); 7] = [
    ("random", include_str!("presets/random.toml")),
    ("efficiency", include_str!("presets/efficiency.toml")),
    ("defensive", include_str!("presets/defensive.toml")),
    ("value", include_str!("presets/value.toml")),
    ("goto-stakes", include_str!("presets/goto_stakes.toml")),
    ("tenhou-like", include_str!("presets/tenhou_like.toml")),
    ("strong", include_str!("presets/strong.toml")),
];

/// The kinds the viewing seat sees ([`RiichiView::visible`]), counted on first use: a
/// discard far from tenpai and a closed hand's pass never read them.
type Seen<F> = LazyCell<TileCounts, F>;

/// A seat's melds plus one more, on the stack.
fn with_meld(melds: &[Meld], m: Meld) -> ([Meld; 4], usize) {
    let mut out = [Meld::EMPTY; 4];
    out[..melds.len()].copy_from_slice(melds);
    out[melds.len()] = m;
    (out, melds.len() + 1)
}

/// Whether a seat's melds open its hand.
fn is_open(melds: &[Meld]) -> bool {
    melds.iter().any(|m| m.is_open())
}

impl Bot {
    /// The plan of the viewing seat's hand and its shanten (`Free` for a
    /// closed hand); `None` for an open hand with no yaku left to reach.
    fn plan_of(&self, view: &RiichiView<'_>, hand: &TileCounts, visible: &TileCounts) -> Option<(Plan, i8)> {
        let melds = view.melds(view.seat());
        let best = self.plans(view, melds, hand, visible).best(hand, view.shanten_rules(), self.config.plan_bias);
        best.map(|b| (b.0, b.1))
    }

    /// The plans of a hand with `melds` and `hand` ([`plans`] with this bot's bias for
    /// 萬子ホンイツ).
    fn plans(&self, view: &RiichiView<'_>, melds: &[Meld], hand: &TileCounts, visible: &TileCounts) -> plan::Plans {
        let biases = (self.config.manzu_honitsu_bias, self.config.toitoi_bias);
        plans(view, melds, hand, visible, biases, self.config.sequence_plans)
    }

    /// Whether this bot may head for 萬子ホンイツ at this table (a yakuman there, and the
    /// bot's bias not −1).
    fn manzu_table(&self, view: &RiichiView<'_>) -> bool {
        self.config.manzu_honitsu_bias >= 0 && view.manzu_honitsu_is_yakuman()
    }

    /// The 萬子ホンイツ plan of a closed hand at a table where it is a yakuman (see
    /// [`Bot::manzu_table`]) when it heads for it (its best plan there), with its real and
    /// biased shanten.
    fn closed_manzu(&self, view: &RiichiView<'_>, hand: &TileCounts, visible: &TileCounts) -> Option<(Plan, i8, i8)> {
        let best = self.plans(view, &[], hand, visible).best(hand, view.shanten_rules(), self.config.plan_bias);
        best.filter(|b| b.0 == plan::MANZU_HONITSU)
    }

    /// The most efficient legal discard under `plan` (with `whole`, the hand's shanten under
    /// it) with its shanten and, when counted, its live ukeire: the fewest shanten first; ties are
    /// broken by live ukeire near tenpai (`ukeire_max_shanten`, the `Free`
    /// plan only; by the worth of the waits at tenpai with `wait_value`), else by
    /// [`Bot::keep`] (leaning towards honitsu, see
    /// [`plan::lean`], when `plan_bias` is on). With `count`, the pick's ukeire
    /// is counted even without a tie (for a plan, only at tenpai).
    fn efficient_discard(
        &self,
        view: &RiichiView<'_>,
        legal: &[Action],
        visible: &Seen<impl FnOnce() -> TileCounts>,
        (plan, whole): (Plan, i8),
        count: bool,
        memo: &mut WaitsMemo,
    ) -> (Tile, i8, Option<u32>) {
        if plan != Plan::Free {
            return self.plan_discard(view, legal, visible, plan, count);
        }
        let rules = view.shanten_rules();
        let mut h = *view.hand();
        // The keep value of a discard of the whole hand, the lean plan and the dora worked
        // out once and only when a tie needs them. With a plan bias, ties lean towards
        // honitsu when the hand is nearly one suit.
        let (lean, dora) = (OnceCell::new(), OnceCell::new());
        let keep = |t: Tile| {
            let lean = *lean.get_or_init(|| match self.config.plan_bias > 0 {
                true => plan::lean(view.hand(), view.melds(view.seat()), self.config.sequence_plans),
                false => plan,
            });
            self.keep(view, view.hand(), t, lean, dora.get_or_init(|| self.dora(view)))
        };
        // Far from tenpai, try the discards by keep value: the first that
        // keeps the hand's shanten is the pick (as the full scan below would
        // choose), usually after one or two shanten calls.
        if whole > self.config.ukeire_max_shanten {
            // Keep value and kind in one number, for a cheap sort.
            let mut order = [u16::MAX; 14];
            let mut n = 0;
            for a in legal {
                if let Action::Discard(t) = *a {
                    order[n] = u16::from(keep(t)) << 8 | t.index() as u16;
                    n += 1;
                }
            }
            order[..n].sort_unstable();
            for t in order[..n].iter().map(|&k| Tile::from_index(k as u8).expect("a kind")) {
                h[t.index()] -= 1;
                let s = shanten(&h, rules);
                h[t.index()] += 1;
                if s == whole {
                    return (t, s, None);
                }
            }
        }
        let shanten_after = shanten_after_discards(&h, rules);
        let mut after = [(Tile::EAST, i8::MAX); 14];
        let mut n = 0;
        for a in legal {
            let Action::Discard(t) = *a else { continue };
            after[n] = (t, shanten_after[t.index()]);
            n += 1;
        }
        let best = after[..n].iter().map(|a| a.1).min().expect("a turn always has a discard");
        let ties = || after[..n].iter().filter(|a| a.1 == best).map(|a| a.0);
        if best > self.config.ukeire_max_shanten {
            let t = ties().min_by_key(|&t| keep(t));
            return (t.expect("the minimum is reached"), best, None);
        }
        if !count && ties().count() == 1 {
            return (ties().next().expect("one tie"), best, None);
        }
        // At tenpai with `wait_value`, the ties go by the worth of their waits; with
        // `dora_keep`, equal ones by keep value (a dora kept), each worked out only for
        // such a tie.
        let by_worth = self.config.wait_value && best == 0;
        let kept = |t: Tile| if self.config.dora_keep > 0 { u8::MAX - keep(t) } else { 0 };
        let mut pick = (Tile::EAST, best, None);
        let mut most: (u32, Option<u8>) = (0, None);
        let mut kept_waits = TileSet::EMPTY;
        for t in ties() {
            h[t.index()] -= 1;
            let waits = memo.waits(&h, rules);
            let u = ukeire_count(waits, visible, &view.game().rules().set);
            let worth = if by_worth { self.wait_worth(view, &h, waits, visible) } else { u };
            h[t.index()] += 1;
            let better = match pick.2 {
                None => true,
                Some(_) if worth != most.0 => worth > most.0,
                Some(_) => kept(t) > *most.1.get_or_insert_with(|| kept(pick.0)),
            };
            if better {
                (pick, most, kept_waits) = ((t, best, Some(u)), (worth, None), waits);
            }
        }
        h[pick.0.index()] -= 1;
        memo.remember(&h, rules, kept_waits);
        pick
    }

    /// [`Bot::efficient_discard`] for an open hand's plan: the fewest plan
    /// shanten, ties by keep value; a kept yakuhai pair goes last.
    fn plan_discard(
        &self,
        view: &RiichiView<'_>,
        legal: &[Action],
        visible: &Seen<impl FnOnce() -> TileCounts>,
        plan: Plan,
        count: bool,
    ) -> (Tile, i8, Option<u32>) {
        let rules = view.shanten_rules();
        let mut h = *view.hand();
        let dora = self.dora(view);
        let mut pick: Option<(Tile, i8, u8)> = None;
        for a in legal {
            let Action::Discard(t) = *a else { continue };
            h[t.index()] -= 1;
            let s = if plan.needs(t) { i8::MAX } else { plan.shanten(&h, rules) };
            h[t.index()] += 1;
            let k = self.keep(view, &h, t, plan, &dora);
            if pick.is_none_or(|p| (s, k) < (p.1, p.2)) {
                pick = Some((t, s, k));
            }
        }
        let (t, s, _) = pick.expect("a turn always has a discard");
        let u = (count && s == 0).then(|| {
            h[t.index()] -= 1;
            let mut waits = ukeire(&h, rules);
            waits.0 &= !Tile::all().filter(|&w| !plan.uses(w)).fold(0, |b, w| b | 1 << w.index());
            ukeire_count(waits, visible, &view.game().rules().set)
        });
        (t, s, u)
    }

    /// A kan to declare on this turn, if any: one that leaves the hand's
    /// plan shanten where the best discard would.
    fn kan(&self, view: &RiichiView<'_>, legal: &[Action], plan: Plan, best: i8) -> Option<Action> {
        let rules = view.shanten_rules();
        legal.iter().copied().find(|&a| {
            let mut h = *view.hand();
            match a {
                Action::ClosedKan(t) => h[t.index()] -= 4,
                Action::AddedKan(t) => h[t.index()] -= 1,
                _ => return false,
            }
            plan.shanten(&h, rules) <= best
        })
    }

    /// Whether a riichi discarding `discard` is made open: another seat is in riichi and
    /// the waits have `open_riichi_waits` live tiles or more (half as many with `stakes`
    /// when this seat is HomeRun, see [`Bot::stakes`]).
    fn open_riichi(&self, view: &RiichiView<'_>, discard: Tile, visible: &TileCounts, memo: &WaitsMemo) -> bool {
        let least = self.config.open_riichi_waits / self.stakes(view, 0).1;
        if least == 0 || !view.others().any(|o| view.riichi(o).is_some()) {
            return false;
        }
        let mut h = *view.hand();
        h[discard.index()] -= 1;
        ukeire_count(memo.waits(&h, view.shanten_rules()), visible, &view.game().rules().set) >= least
    }

    /// Whether a closed tenpai hand discarding `discard` stays dama: as placement says
    /// near the end (`placement_riichi`, see [`Bot::placement_dama`]); never where riichi
    /// earns chips (`chip_riichi`, see [`Bot::riichi_earns_chips`]); else when it has a
    /// yaku without riichi worth `dama_han` or more on one of its waits, or any yaku on a
    /// wait of at most `dama_max_waits` live tiles.
    fn dama(&self, view: &RiichiView<'_>, discard: Tile, visible: &TileCounts, memo: &WaitsMemo) -> bool {
        let mut h = *view.hand();
        h[discard.index()] -= 1;
        if let Some(dama) = self.placement_dama(view, &h, visible) {
            return dama;
        }
        let (least, poor) = (self.config.dama_han, self.config.dama_max_waits);
        if (least == 0 && poor == 0) || (self.config.chip_riichi && Bot::riichi_earns_chips(view)) {
            return false;
        }
        let waits = memo.waits(&h, view.shanten_rules());
        let most = waits.iter().filter_map(|w| view.ron_han(&h, w)).max();
        let live = || ukeire_count(waits, visible, &view.game().rules().set);
        most.is_some_and(|han| (least > 0 && han >= least) || (poor > 0 && live() <= poor))
    }

    fn turn(&self, view: &RiichiView<'_>, legal: &[Action], memo: &mut WaitsMemo) -> Action {
        let me = view.seat();
        if view.riichi(me).is_some() {
            // In riichi only a closed kan keeping the waits is legal besides the discard.
            let kan = legal.iter().find(|a| matches!(a, Action::ClosedKan(_)));
            return match kan {
                Some(&k) if self.config.kans => k,
                _ => *legal.iter().find(|a| matches!(a, Action::Discard(_))).expect("a riichi discard"),
            };
        }
        let visible = Seen::new(|| view.visible());
        let hand = view.hand();
        let open = is_open(view.melds(me));
        // A closed hand has a plan only where it may head for 萬子ホンイツ (a yakuman there).
        let planned = if open || self.manzu_table(view) { self.plan_of(view, hand, &visible) } else { None };
        let plan = planned.map_or(Plan::Free, |p| p.0);
        let whole = planned.map_or_else(|| shanten(hand, view.shanten_rules()), |p| p.1);
        let threats = if self.config.style == Style::Defensive { self.threats(view) } else { 0 };
        let defend = threats != 0;
        if self.config.kans
            && !defend
            && let Some(k) = self.kan(view, legal, plan, whole)
        {
            return k;
        }
        let (t, s, u) = self.efficient_discard(view, legal, &visible, (plan, whole), defend, memo);
        if defend && !self.push(view, threats, open && planned.is_none(), s, u) {
            return Bot::safest(view, legal, threats, &visible);
        }
        // Heading for 萬子ホンイツ, no riichi before its tenpai (the riichi would fix a hand
        // of another shape).
        let riichi = self.config.riichi && (plan == Plan::Free || s <= 0);
        if riichi && legal.contains(&Action::Riichi(t)) && !self.dama(view, t, &visible, memo) {
            let open = legal.contains(&Action::OpenRiichi(t)) && self.open_riichi(view, t, &visible, memo);
            return if open { Action::OpenRiichi(t) } else { Action::Riichi(t) };
        }
        Action::Discard(t)
    }

    /// Whether to keep going against `threats` with a hand `s` shanten after the best
    /// discard (`u` live tiles): not without a yaku, nor when first near the end with
    /// `first_folds`; tenpai holding `chip_push` chips; tenpai with `push_ukeire` live
    /// waits; 1-shanten with `push_1shanten_ukeire` live tiles (both thresholds scaled by
    /// the cut-bi stakes with `stakes`, see [`Bot::stakes`]).
    fn push(&self, view: &RiichiView<'_>, threats: u8, no_yaku: bool, s: i8, u: Option<u32>) -> bool {
        if no_yaku || (self.config.first_folds && view.place() == 0 && view.win_may_end_game()) {
            return false;
        }
        let chips = self.config.chip_push;
        if s <= 0 && chips > 0 && view.held_chips() >= chips as i32 {
            return true;
        }
        let (risk, gain) = self.stakes(view, threats);
        let u = u.unwrap_or(0);
        let least = |n: u32| n * risk / gain;
        match s {
            ..=0 => u >= least(self.config.push_ukeire),
            1 => self.config.push_1shanten_ukeire > 0 && u >= least(self.config.push_1shanten_ukeire),
            _ => false,
        }
    }

    fn answer(&self, view: &RiichiView<'_>, legal: &[Action]) -> Action {
        let Some((_, tile)) = view.offered() else {
            return Action::Pass;
        };
        // Against a threat, only calls that reach tenpai.
        let threatened = self.config.style == Style::Defensive && self.threats(view) != 0;
        if self.config.call_yakuhai && !threatened && legal.contains(&Action::Pon) && yakuhai(view, tile) {
            return Action::Pon;
        }
        let cap = if threatened { self.config.call_max_shanten.min(0) } else { self.config.call_max_shanten };
        if cap < 0 {
            return Action::Pass;
        }
        let me = view.seat();
        let rules = view.shanten_rules();
        let hand = view.hand();
        let melds = view.melds(me);
        let visible = Seen::new(|| view.visible());
        let now = if is_open(melds) {
            self.plans(view, melds, hand, &visible).best(hand, rules, self.config.plan_bias).map_or(i8::MAX, |p| p.2)
        } else {
            let mut h = *hand;
            h[tile.index()] += 1;
            // A closed hand opens only for a tile that would advance it as a draw (towards
            // 萬子ホンイツ when it heads for it).
            let heading = self.manzu_table(view).then(|| self.closed_manzu(view, hand, &visible)).flatten();
            let (plan, now, valued) = match heading {
                Some(heading) => heading,
                None => {
                    let now = shanten(hand, rules);
                    (Plan::Free, now, now)
                }
            };
            if now < self.config.open_min_shanten || plan.shanten(&h, rules) >= now {
                return Action::Pass;
            }
            valued
        };
        // A daiminkan is made when it does not set the hand back (it then draws).
        if self.config.kans && !threatened && is_open(melds) && legal.contains(&Action::Kan) {
            let mut h = *hand;
            h[tile.index()] -= 3;
            let (after, n) = with_meld(melds, Meld { kind: MeldKind::OpenKan, tile });
            if self
                .plans(view, &after[..n], &h, &visible)
                .best(&h, rules, self.config.plan_bias)
                .is_some_and(|p| p.2 <= now)
            {
                return Action::Kan;
            }
        }
        let mut pick = (Action::Pass, now.min(cap + 1));
        for &a in legal {
            let mut h = *hand;
            let meld = match a {
                Action::Pon => {
                    h[tile.index()] -= 2;
                    Meld { kind: MeldKind::Pon, tile }
                }
                Action::Chi(low) => {
                    h[tile.index()] += 1;
                    (low.index()..low.index() + 3).for_each(|k| h[k] -= 1);
                    Meld { kind: MeldKind::Chi, tile: low }
                }
                _ => continue,
            };
            let (after, n) = with_meld(melds, meld);
            let best = self.plans(view, &after[..n], &h, &visible).best(&h, rules, self.config.plan_bias);
            // Progress counts on the biased scale: a valuable plan may be
            // called for at the same real shanten.
            let worth = |p: &(Plan, i8, i8)| self.worth_calling(view, &after[..n], &h, p.0);
            if let Some((_, _, s)) = best.filter(|p| p.2 < pick.1).filter(worth) {
                pick = (a, s);
            }
        }
        pick.0
    }
}

impl Strategy<RiichiTable> for Bot {
    fn choose(&mut self, view: &RiichiView<'_>, legal: &[Action], rng: &mut GameRng) -> Action {
        if legal.len() == 1 {
            return legal[0];
        }
        if self.config.style == Style::Random {
            return legal[rng.random_range(0..legal.len())];
        }
        // Taken whenever legal, in this order: a win (unless declined for placement, see
        // `takes_win`), nine terminals (unless kept for kokushi, see `aborts`), a nuki tile
        // set aside at once (unless kept for kokushi or 四喜和). One pass over the list.
        let keep = |t: Tile| {
            let h = view.hand();
            let wind_pairs = (27..31).filter(|&i| h[i] >= 2).count();
            let suushii = t.is_wind() && h[t.index()] >= 2 && wind_pairs >= SUUSHII_KEEPS_NORTH;
            let kokushi = || t.is_terminal_or_honor() && shanten_kokushi(h).is_some_and(|s| s <= KOKUSHI_KEEPS_NORTH);
            suushii || kokushi()
        };
        let first = |a: &Action| match a {
            Action::Tsumo | Action::Ron => Some(0),
            Action::NineTerminals => self.aborts(view).then_some(1),
            Action::Nuki(t) => (!keep(*t)).then_some(2),
            _ => None,
        };
        if let Some((_, &a)) = legal.iter().filter_map(|a| Some((first(a)?, a))).min_by_key(|&(k, _)| k) {
            match a {
                Action::Ron if !self.takes_win(view, a) => return Action::Pass,
                // A tsumo declined: the drawn tile goes (where it may not, the turn decides).
                Action::Tsumo if !self.takes_win(view, a) => {
                    if let Some(d) = view.drawn().map(Action::Discard).filter(|d| legal.contains(d)) {
                        return d;
                    }
                }
                _ => return a,
            }
        }
        if view.is_stop_choice() {
            // 和了やめ when first: a later hand can only cost the place.
            let me = view.points()[view.seat()];
            let first = view.others().all(|o| view.points()[o] < me);
            return if first { Action::Stop } else { Action::Continue };
        }
        if view.offered().is_some() {
            return self.answer(view, legal);
        }
        let mut memo = self.memo;
        let a = self.turn(view, legal, &mut memo);
        self.memo = memo;
        a
    }
}
