//! The hot-path scorer: every reading of a [`Hand`] is scored and the best
//! (most base points, a real yakuman over a counted one, then most han, then
//! most fu) is kept. No allocation.

use super::decompose::{Block, for_each_standard, kind, seven_pairs, thirteen_orphans};
use super::eval::{Candidate, Ctx};
use super::hand::{Hand, HandScore, MeldKind, WinFlags};
use super::limit::{Limit, base_points};
use super::local::Form;
use super::local::eval as local;
use super::payment::pay;
use super::rules::{LimitKind, RenhouValue, Rules};
use super::tile::{NUM_KINDS, Tile};
use super::yaku::{Yaku, YakuList};
use std::fmt;

/// Why a hand could not be scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScoreError {
    /// Text that did not parse (JSON path only): which field and why.
    Notation(String),
    /// Tiles that cannot exist: wrong count, a fifth copy, a kind absent
    /// from the ruleset's set.
    BadTiles(&'static str),
    /// Flags that cannot hold together (ippatsu without riichi, …).
    Impossible(&'static str),
    /// The tiles do not form a complete hand.
    NotWinning,
    /// A complete hand with no yaku (dora alone do not count).
    NoYaku,
    /// Gotō: a north in the hand outside kokushi and the four-winds yakuman.
    NorthInHand,
}

impl fmt::Display for ScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScoreError::Notation(m) => write!(f, "bad notation: {m}"),
            ScoreError::BadTiles(m) => write!(f, "bad tiles: {m}"),
            ScoreError::Impossible(m) => write!(f, "impossible combination: {m}"),
            ScoreError::NotWinning => f.write_str("not a winning hand"),
            ScoreError::NoYaku => f.write_str("no yaku"),
            ScoreError::NorthInHand => {
                f.write_str("a north may only stay in the hand for kokushi_musou, shousuushii or daisuushii")
            }
        }
    }
}

impl std::error::Error for ScoreError {}

/// A finished candidate. Its bonus entries (dora, summer) are appended to
/// `yaku` only for the winner ([`Scored::listing`]).
#[derive(Clone, Copy)]
struct Scored {
    yaku: YakuList,
    /// Whether the hand's dora entries count (not for a yakuman).
    with_bonus: bool,
    /// Summer's entry, when it applied: han it added.
    natsu: Option<u8>,
    han: u8,
    fu: u8,
    yakuman: u8,
    limit: Limit,
    base: u32,
}

impl Scored {
    /// Order of preference: points, then a real yakuman over a counted one,
    /// then han, then fu.
    fn key(&self) -> (u32, bool, u8, u8) {
        (self.base, self.yakuman > 0, self.han, self.fu)
    }

    /// The full list: yaku, then dora of every kind, then summer.
    fn listing(&self, bonus: &YakuList) -> YakuList {
        let mut list = self.yaku;
        if self.with_bonus {
            for &(y, n) in bonus.as_slice() {
                list.push(y, n);
            }
        }
        if let Some(h) = self.natsu {
            list.push(Yaku::Natsu, h);
        }
        list
    }
}

/// Checks that the hand and its flags can exist under `rules`.
fn check(rules: &Rules, h: &Hand) -> Result<(), ScoreError> {
    let f = h.flags;
    let impossible = |m| Err(ScoreError::Impossible(m));
    let bad = |m| Err(ScoreError::BadTiles(m));
    if h.meld_count > 4 {
        return bad("more than four melds");
    }
    let concealed: u32 = h.concealed.iter().map(|&c| c as u32).sum();
    if concealed != 14 - 3 * h.meld_count as u32 {
        return bad("the concealed tiles must number 14 - 3 x melds, winning tile included");
    }
    if h.concealed[h.win.index()] == 0 {
        return bad("the winning tile is not among the concealed tiles");
    }
    let mut all = h.concealed;
    let mut open = false;
    let mut kan = false;
    for m in h.melds() {
        if m.kind == MeldKind::Chi && (m.tile.is_honor() || m.tile.number() > 7) {
            return bad("a meld's tiles do not form a set");
        }
        m.add_to(&mut all);
        open |= m.is_open();
        kan |= matches!(m.kind, MeldKind::OpenKan | MeldKind::ClosedKan);
    }
    let riichi = f.has(WinFlags::RIICHI) || f.has(WinFlags::DOUBLE_RIICHI);
    let most = all.iter().fold(0, |most, &c| most.max(c));
    if f.has(WinFlags::WILD_FIFTH) {
        if most != 5 || all.iter().filter(|&&c| c == 5).count() != 1 {
            return bad("a wild pocchi's fifth copy: one kind five times, no other above four");
        }
        if rules.set.pocchi(Tile::HAKU) == 0 || !riichi {
            return impossible("a wild pocchi needs a set with one and riichi");
        }
    } else if most > 4 {
        return bad("more than four copies of a kind");
    }
    if h.red > 0 || h.gold > 0 || h.blue > 0 {
        let (mut red, mut gold, mut blue) = (0, 0, 0);
        for t in [4, 13, 22].map(kind) {
            let (n, set) = (all[t.index()], &rules.set);
            red += set.red(t).min(n);
            gold += set.gold(t).min(n);
            blue += set.blue(t).min(n);
        }
        if h.red > red || h.gold > gold || h.blue > blue {
            return bad("more red, gold or blue fives than the set and the hand's fives allow");
        }
    }
    if rules.players == 3 {
        if (0..NUM_KINDS).any(|k| all[k] > 0 && !rules.set.contains(kind(k))) {
            return bad("a kind that is not in the tile set (2m-8m in sanma)");
        }
        if h.seat_wind > 2 || h.round_wind > 2 {
            return bad("three players sit East, South and West");
        }
        if h.nuki.total() > 0 && h.nuki.kinds() != rules.set.nuki() {
            return bad("nuki of a kind the tile set does not set aside");
        }
        let most = 4 + u8::from(f.has(WinFlags::WILD_FIFTH));
        if h.nuki.kinds().as_slice().iter().any(|&k| h.nuki.of(k) + all[k.index()] > most) {
            return bad("more than four of a nuki kind, set aside and held");
        }
    } else {
        if h.seat_wind > 3 || h.round_wind > 3 {
            return bad("wind out of range");
        }
        if h.nuki.total() > 0 {
            return bad("nuki (抜きドラ) is a three-player rule");
        }
    }
    let tsumo = f.has(WinFlags::TSUMO);
    let first_turn = f.has(WinFlags::TENHOU) || f.has(WinFlags::CHIIHOU) || f.has(WinFlags::RENHOU);
    if riichi && open {
        return impossible("riichi with an open meld");
    }
    if f.has(WinFlags::OPEN_RIICHI) && !riichi {
        return impossible("open riichi without riichi");
    }
    if f.has(WinFlags::IPPATSU) && !riichi {
        return impossible("ippatsu without riichi");
    }
    if f.has(WinFlags::CHANKAN) && tsumo {
        return impossible("chankan on a tsumo");
    }
    // 嶺上開花: a tsumo on a kan's replacement tile, or (Gotō, G-X6) on the replacement of an
    // extracted north or flower.
    if f.has(WinFlags::RINSHAN) && (!tsumo || !(kan || f.has(WinFlags::EXTRACTED))) {
        return impossible("rinshan needs a tsumo and a kan or an extraction");
    }
    if f.has(WinFlags::HAITEI) && (!tsumo || f.has(WinFlags::RINSHAN)) {
        return impossible("haitei needs a tsumo that is not a rinshan");
    }
    if f.has(WinFlags::HOUTEI) && (tsumo || f.has(WinFlags::CHANKAN)) {
        return impossible("houtei needs a ron on a discard");
    }
    if first_turn && (h.meld_count > 0 || riichi) {
        return impossible("tenhou, chiihou and renhou need an untouched first turn");
    }
    if f.has(WinFlags::TENHOU) && !(h.is_dealer() && tsumo) {
        return impossible("tenhou is a dealer tsumo");
    }
    if f.has(WinFlags::CHIIHOU) && (h.is_dealer() || !tsumo) {
        return impossible("chiihou is a non-dealer tsumo");
    }
    if f.has(WinFlags::RENHOU) && (h.is_dealer() || tsumo) {
        return impossible("renhou is a non-dealer ron");
    }
    if f.has(WinFlags::RENHOU) && rules.yaku.renhou == RenhouValue::None && !rules.yaku.local.uses_first_go_around() {
        return impossible("renhou is not a yaku under these rules");
    }
    Ok(())
}

/// Dora of every kind for the hand (not counted unless it has a yaku).
fn bonuses(ctx: &Ctx) -> YakuList {
    let h = ctx.hand;
    let count = |kinds: &[Tile]| -> u8 {
        kinds.iter().map(|&k| ctx.all[k.index()]).sum::<u8>() + h.nuki.dora(kinds.iter().copied())
    };
    let mut list = YakuList::default();
    let double = if h.flags.has(WinFlags::AUTUMN) { 2 } else { 1 };
    let riichi = h.flags.has(WinFlags::RIICHI) || h.flags.has(WinFlags::DOUBLE_RIICHI);
    let entries = [
        (Yaku::Dora, count(&h.dora[..h.dora_count as usize])),
        (Yaku::AkaDora, h.red * double),
        (Yaku::KinDora, h.gold * double),
        (Yaku::AoDora, h.blue * ctx.rules.yaku.ao_dora),
        (Yaku::NukiDora, h.nuki.total()),
        (Yaku::Suupei, if h.nuki.four().is_some() { ctx.rules.yaku.suupei } else { 0 }),
        (Yaku::UraDora, if riichi { count(&h.ura[..h.ura_count as usize]) } else { 0 }),
    ];
    for (y, n) in entries {
        if n > 0 {
            list.push(y, n);
        }
    }
    list
}

/// The best reading found so far.
struct Search<'c, 'a> {
    ctx: &'c Ctx<'a>,
    bonus: YakuList,
    bonus_han: u8,
    best: Option<Scored>,
    shape: bool,
    north_blocked: bool,
}

impl Search<'_, '_> {
    fn consider(&mut self, cand: &Candidate) {
        self.shape = true;
        let ctx = self.ctx;
        if ctx.rules.players == 3
            && !ctx.rules.yaku.north_as_honour
            && ctx.all[Tile::NORTH.index()] > 0
            && ctx.rules.set.nuki().contains(Tile::NORTH)
        {
            let allowed = [Yaku::KokushiMusou, Yaku::Shousuushii, Yaku::Daisuushii];
            if !allowed.iter().any(|&y| cand.yaku.contains(y)) {
                self.north_blocked = true;
                return;
            }
        }
        if let Some(s) = finish(ctx, &self.bonus, self.bonus_han, cand)
            && self.best.is_none_or(|b| s.key() > b.key())
        {
            self.best = Some(s);
        }
    }
}

/// Adds dora and summer to a candidate and finds its limit and base points;
/// `None` when it has no yaku.
fn finish(ctx: &Ctx, bonus: &YakuList, bonus_han: u8, cand: &Candidate) -> Option<Scored> {
    let limits = &ctx.rules.limits;
    let kind = limits.kind;
    let flags = ctx.hand.flags;
    let mut s = if cand.yakuman > 0 {
        Scored {
            yaku: cand.yaku,
            with_bonus: false,
            natsu: None,
            han: cand.yaku.han(),
            fu: 0,
            yakuman: cand.yakuman,
            limit: Limit::Yakuman(cand.yakuman),
            base: Limit::Yakuman(cand.yakuman).base(),
        }
    } else if !cand.yaku.has_yaku() {
        return None;
    } else if riichi_only_ron(ctx, &cand.yaku, bonus) {
        let mut yaku = YakuList::default();
        yaku.push(Yaku::RiichiNomiRon, 13);
        Scored {
            yaku,
            with_bonus: false,
            natsu: None,
            han: 13,
            fu: 0,
            yakuman: 1,
            limit: Limit::Yakuman(1),
            base: Limit::Yakuman(1).base(),
        }
    } else {
        let han = cand.yaku.han() + bonus_han;
        let (limit, base) = base_points(limits, han, cand.fu);
        Scored { yaku: cand.yaku, with_bonus: true, natsu: None, han, fu: cand.fu, yakuman: 0, limit, base }
    };
    if flags.has(WinFlags::SUMMER) && kind == LimitKind::Goto {
        if s.limit == Limit::None {
            s.natsu = Some(1);
            s.han += 1;
            (s.limit, s.base) = base_points(limits, s.han, s.fu);
        } else {
            s.natsu = Some(0);
            s.limit = s.limit.rank_up();
            s.base = s.limit.base();
        }
    }
    Some(s)
}

/// Gotō 立直のみロン和了: a plain riichi ron whose only han is riichi (ura
/// dora, revealed after the win, do not matter), with nothing extracted
/// and no flower on an indicator.
fn riichi_only_ron(ctx: &Ctx, yaku: &YakuList, bonus: &YakuList) -> bool {
    let f = ctx.hand.flags;
    ctx.rules.yaku.goto_yakuman
        && !f.has(WinFlags::TSUMO)
        && !f.has(WinFlags::EXTRACTED)
        && matches!(yaku.as_slice(), [(Yaku::Riichi, _)] | [(Yaku::Riichi, _), (Yaku::OpenRiichi, _)])
        && bonus.as_slice().iter().all(|&(y, _)| y == Yaku::UraDora)
}

/// Ron2 人和: mangan, unless the hand's own value is haneman or more.
fn renhou_mangan(best: Option<Scored>) -> Scored {
    match best {
        Some(b) if b.limit >= Limit::Haneman => b,
        _ => mangan_of(Yaku::Renhou),
    }
}

/// A mangan made by `yaku` alone, whatever the hand (人和 in Ron2, 流し満貫: paid as a
/// tsumo, the table leaving the honba out).
fn mangan_of(yaku: Yaku) -> Scored {
    let mut list = YakuList::default();
    list.push(yaku, 5);
    Scored {
        yaku: list,
        with_bonus: false,
        natsu: None,
        han: 5,
        fu: 0,
        yakuman: 0,
        limit: Limit::Mangan,
        base: Limit::Mangan.base(),
    }
}

/// Gotō 流し役満: a yakuman whatever the hand, paid as a tsumo.
fn nagashi(ctx: &Ctx) -> Scored {
    let mut yaku = YakuList::default();
    yaku.push(Yaku::NagashiYakuman, 13);
    let cand = Candidate { yaku, fu: 0, yakuman: 1 };
    finish(ctx, &YakuList::default(), 0, &cand).expect("a yakuman always scores")
}

/// Scores a winning hand: the best of all its readings under `rules`.
pub fn score_hand(rules: &Rules, hand: &Hand) -> Result<HandScore, ScoreError> {
    let flags = hand.flags;
    if !flags.has(WinFlags::NAGASHI) {
        check(rules, hand)?;
    }
    let ctx = Ctx::new(rules, hand);
    let bonus = bonuses(&ctx);
    let mut tsumo = flags.has(WinFlags::TSUMO);
    let best = if flags.has(WinFlags::NAGASHI) {
        tsumo = true;
        match (rules.yaku.goto_yakuman, rules.yaku.nagashi_mangan) {
            (true, _) => nagashi(&ctx),
            (false, true) => mangan_of(Yaku::NagashiMangan),
            (false, false) => return Err(ScoreError::Impossible("a nagashi is not a yaku under these rules")),
        }
    } else {
        let found = search(&ctx, bonus);
        let renhou = flags.has(WinFlags::RENHOU) && rules.yaku.renhou == RenhouValue::Mangan;
        match found.best {
            _ if renhou && found.shape => renhou_mangan(found.best),
            Some(b) => b,
            None if found.north_blocked => return Err(ScoreError::NorthInHand),
            None if found.shape => return Err(ScoreError::NoYaku),
            None => return Err(ScoreError::NotWinning),
        }
    };
    let (payment, points_total) = pay(rules, best.base, hand.is_dealer(), tsumo, hand.honba, hand.riichi_sticks);
    Ok(HandScore {
        han: best.han,
        fu: best.fu,
        yaku: best.listing(&bonus),
        yakuman: best.yakuman,
        limit: best.limit,
        payment,
        points_total,
    })
}

/// Tries every reading: thirteen orphans, seven pairs, and each standard
/// split with each set the winning tile could have completed.
fn search<'c, 'a>(ctx: &'c Ctx<'a>, bonus: YakuList) -> Search<'c, 'a> {
    let hand = ctx.hand;
    let mut s = Search { ctx, bonus, bonus_han: bonus.han(), best: None, shape: false, north_blocked: false };
    if hand.meld_count == 0 {
        if thirteen_orphans(&hand.concealed) {
            s.consider(&ctx.kokushi());
        }
        let quads = ctx.rules.yaku.chiitoitsu_quad > 0;
        if let Some(q) = seven_pairs(&hand.concealed, quads) {
            s.consider(&ctx.seven_pairs(q));
        }
        if local::only_form(&ctx.rules.yaku.local, ctx.local, Form::Unconnected) != 0
            && local::unconnected(&hand.concealed)
        {
            s.consider(&ctx.unconnected());
        }
    }
    let melds = hand.melds();
    for_each_standard(&hand.concealed, |pair, concealed| {
        let mut sets = [Block::EMPTY; 4];
        sets[..concealed.len()].copy_from_slice(concealed);
        for (slot, m) in sets[concealed.len()..].iter_mut().zip(melds) {
            *slot = m.block();
        }
        ctx.standard(pair, &sets, concealed.len(), |cand| s.consider(&cand));
    });
    s
}
