//! Players for the riichi table, seeing only their seat's [`RiichiView`]:
//! `random` (uniform over the legal actions), `efficiency` (fewest shanten,
//! then most live ukeire; riichi when closed and tenpai; calls only to keep
//! a yaku: a yakuhai pon, then calls that advance an open hand that already
//! has one; always wins) and `defensive` (efficiency until an opponent's
//! riichi, then folds with genbutsu, suji and honours unless it holds a good
//! tenpai). Settings are a [`BotConfig`], loadable from TOML.

use super::{Action, RiichiTable, RiichiView};
use crate::config::{TomlError, from_toml};
use crate::mahjong::{MeldKind, Tile, TileCounts, shanten, ukeire, ukeire_count};
use crate::{GameRng, Strategy};
use rand::RngExt;
use serde::Deserialize;

/// How a bot plays.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Style {
    /// Uniform over the legal actions.
    Random,
    /// Tile efficiency, never folds.
    Efficiency,
    /// Efficiency, folding against riichi.
    Defensive,
}

/// A bot's settings (TOML: every field required).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct BotConfig {
    /// Style of play.
    pub style: Style,
    /// Declare riichi when closed and tenpai.
    pub riichi: bool,
    /// Pon yakuhai (dragons, seat and round wind) from a pair.
    pub call_yakuhai: bool,
    /// Defensive: keep pushing against riichi when tenpai with at least this
    /// many live winning tiles.
    pub push_ukeire: u32,
    /// Count live ukeire to break ties only when the best shanten is at
    /// most this; further from tenpai, ties keep the tiles with the most
    /// neighbours (cheaper, for throughput).
    pub ukeire_max_shanten: i8,
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
}

impl Bot {
    /// A bot with these settings.
    pub fn new(config: BotConfig) -> Bot {
        Bot { config }
    }

    /// Uniform over the legal actions.
    pub fn random() -> Bot {
        Bot::new(BotConfig {
            style: Style::Random,
            riichi: false,
            call_yakuhai: false,
            push_ukeire: 0,
            ukeire_max_shanten: 0,
        })
    }

    /// Tile efficiency with riichi and yakuhai calls.
    pub fn efficiency() -> Bot {
        Bot::new(BotConfig {
            style: Style::Efficiency,
            riichi: true,
            call_yakuhai: true,
            push_ukeire: 0,
            ukeire_max_shanten: 1,
        })
    }

    /// Efficiency that folds against riichi unless tenpai with 4+ live waits.
    pub fn defensive() -> Bot {
        Bot::new(BotConfig {
            style: Style::Defensive,
            riichi: true,
            call_yakuhai: true,
            push_ukeire: 4,
            ukeire_max_shanten: 1,
        })
    }

    /// A bot by name: `random`, `efficiency` or `defensive`.
    pub fn by_name(name: &str) -> Option<Bot> {
        match name {
            "random" => Some(Bot::random()),
            "efficiency" => Some(Bot::efficiency()),
            "defensive" => Some(Bot::defensive()),
            _ => None,
        }
    }
}

/// Whether `t` is a yakuhai for the viewing seat.
fn yakuhai(view: &RiichiView<'_>, t: Tile) -> bool {
    let seat_wind = Tile::from_index(27 + view.seat_wind(view.seat())).expect("a wind");
    let round_wind = Tile::from_index(27 + view.round_wind()).expect("a wind");
    t.is_dragon() || t == seat_wind || t == round_wind
}

/// How much a tile is worth keeping, for ties far from tenpai: lone
/// non-yakuhai honours lowest, then lone yakuhai, then suited tiles by
/// their neighbours within two and their distance from the edge.
fn keep_value(view: &RiichiView<'_>, hand: &TileCounts, t: Tile) -> u8 {
    let c = hand[t.index()];
    if t.is_honor() {
        return 4 * (c - 1) + u8::from(yakuhai(view, t));
    }
    let n = t.number() as usize;
    let i = t.index();
    let near = (n.saturating_sub(2).max(1)..=(n + 2).min(9))
        .filter(|&m| m != n)
        .map(|m| hand[i + m - n] as usize)
        .sum::<usize>() as u8;
    2 + 4 * (c - 1) + 3 * near + (n - 1).min(9 - n) as u8
}

/// Best shanten reachable by one discard from a 3n+2 hand.
fn best_after_discard(view: &RiichiView<'_>, hand: &TileCounts) -> i8 {
    let rules = view.shanten_rules();
    let mut h = *hand;
    let mut best = i8::MAX;
    for i in 0..34 {
        if h[i] > 0 {
            h[i] -= 1;
            best = best.min(shanten(&h, rules));
            h[i] += 1;
        }
    }
    best
}

impl Bot {
    /// The most efficient legal discard with its shanten and, when counted,
    /// its live ukeire: the fewest shanten first; ties are broken by live
    /// ukeire near tenpai (`ukeire_max_shanten`), else by [`keep_value`].
    /// With `count`, the pick's ukeire is counted even without a tie.
    fn efficient_discard(
        &self,
        view: &RiichiView<'_>,
        legal: &[Action],
        visible: &TileCounts,
        count: bool,
    ) -> (Tile, i8, Option<u32>) {
        let rules = view.shanten_rules();
        let mut h = *view.hand();
        // Far from tenpai, try the discards by keep value: the first that
        // keeps the hand's shanten is the pick (as the full scan below would
        // choose), usually after one or two shanten calls.
        let whole = shanten(&h, rules);
        if whole > self.config.ukeire_max_shanten {
            let mut order = [(u8::MAX, Tile::EAST); 14];
            let mut n = 0;
            for a in legal {
                if let Action::Discard(t) = *a {
                    order[n] = (keep_value(view, &h, t), t);
                    n += 1;
                }
            }
            order[..n].sort_unstable();
            for &(_, t) in &order[..n] {
                h[t.index()] -= 1;
                let s = shanten(&h, rules);
                h[t.index()] += 1;
                if s == whole {
                    return (t, s, None);
                }
            }
        }
        let mut after = [(Tile::EAST, i8::MAX); 14];
        let mut n = 0;
        for a in legal {
            let Action::Discard(t) = *a else { continue };
            h[t.index()] -= 1;
            after[n] = (t, shanten(&h, rules));
            h[t.index()] += 1;
            n += 1;
        }
        let best = after[..n].iter().map(|a| a.1).min().expect("a turn always has a discard");
        let ties = || after[..n].iter().filter(|a| a.1 == best).map(|a| a.0);
        if best > self.config.ukeire_max_shanten {
            let t = ties().min_by_key(|&t| keep_value(view, &h, t));
            return (t.expect("the minimum is reached"), best, None);
        }
        if !count && ties().count() == 1 {
            return (ties().next().expect("one tie"), best, None);
        }
        let mut pick = (Tile::EAST, best, None);
        for t in ties() {
            h[t.index()] -= 1;
            let u = ukeire_count(ukeire(&h, rules), visible, &view.game().rules().set);
            h[t.index()] += 1;
            if pick.2.is_none_or(|p| u > p) {
                pick = (t, best, Some(u));
            }
        }
        pick
    }

    /// Danger of discarding `t` against the seats in riichi (0 safest).
    fn danger(view: &RiichiView<'_>, t: Tile, visible: &TileCounts) -> u8 {
        let mut worst = 0;
        for o in (0..4).filter(|&o| o != view.seat() && view.riichi(o).is_some()) {
            let river = view.river(o);
            let d = if river.contains(&t) {
                0
            } else if t.is_honor() {
                if visible[t.index()] >= 3 { 1 } else { 3 }
            } else {
                let n = t.number();
                let seen = |k: i8| Tile::from_index((t.index() as i8 + k) as u8).is_some_and(|x| river.contains(&x));
                let suji = match n {
                    1..=3 => seen(3),
                    7..=9 => seen(-3),
                    _ => seen(3) && seen(-3),
                };
                match (suji, t.is_terminal()) {
                    (true, _) => 2,
                    (false, true) => 4,
                    (false, false) => 6,
                }
            };
            worst = worst.max(d);
        }
        worst
    }

    fn turn(&self, view: &RiichiView<'_>, legal: &[Action]) -> Action {
        let visible = view.visible();
        let threatened = (0..4).any(|o| o != view.seat() && view.riichi(o).is_some());
        let defend = self.config.style == Style::Defensive && threatened;
        let (t, s, u) = self.efficient_discard(view, legal, &visible, defend);
        if defend && (s > 0 || u.unwrap_or(0) < self.config.push_ukeire) {
            let safest = legal
                .iter()
                .filter_map(|a| match *a {
                    Action::Discard(x) => Some(x),
                    _ => None,
                })
                .min_by_key(|&x| Bot::danger(view, x, &visible));
            return Action::Discard(safest.expect("a turn always has a discard"));
        }
        if self.config.riichi && legal.contains(&Action::Riichi(t)) {
            return Action::Riichi(t);
        }
        Action::Discard(t)
    }

    fn answer(&self, view: &RiichiView<'_>, legal: &[Action]) -> Action {
        let Some((_, tile)) = view.offered() else {
            return Action::Pass;
        };
        let me = view.seat();
        let threatened = (0..4).any(|o| o != me && view.riichi(o).is_some());
        if self.config.style == Style::Defensive && threatened {
            return Action::Pass;
        }
        if self.config.call_yakuhai && legal.contains(&Action::Pon) && yakuhai(view, tile) {
            return Action::Pon;
        }
        let has_yaku = view.melds(me).iter().any(|m| m.kind != MeldKind::Chi && yakuhai(view, m.tile));
        if !has_yaku {
            return Action::Pass;
        }
        let rules = view.shanten_rules();
        let now = shanten(view.hand(), rules);
        for &a in legal {
            let mut h = *view.hand();
            match a {
                Action::Pon => h[tile.index()] -= 2,
                Action::Chi(low) => {
                    h[tile.index()] += 1;
                    (low.index()..low.index() + 3).for_each(|k| h[k] -= 1);
                }
                _ => continue,
            }
            if best_after_discard(view, &h) < now {
                return a;
            }
        }
        Action::Pass
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
        for a in [Action::Tsumo, Action::Ron, Action::NineTerminals] {
            if legal.contains(&a) {
                return a;
            }
        }
        if legal.contains(&Action::Pass) { self.answer(view, legal) } else { self.turn(view, legal) }
    }
}
