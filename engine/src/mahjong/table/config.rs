//! Table settings as data: the game-level rules of a preset (points, uma,
//! oka, length, bust, which dora kinds exist, the wall, calls, aborts, pao,
//! riichi, the exhaustive draw) and the final-score computation (the
//! per-game settlement seam).

use super::MAX_SEATS;
use super::outcome::Abort;
use super::wall::WallModel;
use crate::config::{TomlError, from_toml_extending};
use crate::mahjong::chips::ChipRules;
use crate::mahjong::{Rules, RulesError, Tile};
use serde::Deserialize;
use std::fmt;

/// How long a game lasts (in a table file: `"hanchan"`, `"tonpuu"`, or
/// `{ east_sudden_death = { target = 40000, winds = 2 } }`).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Length {
    /// 半荘 East and South rounds (8 hands without repeats).
    Hanchan,
    /// 東風 East round only (4 hands without repeats).
    Tonpuu,
    /// 条件付き東南戦 (Gotō, G-S4): the East round; when it ends with the top below
    /// `target`, South in sudden death: the game ends after the first hand that leaves
    /// anyone at `target` or more, and at the latest when round wind `winds` would begin
    /// (2: after South's last deal).
    EastSuddenDeath {
        /// The points that end the game.
        target: i32,
        /// Round winds played at the most.
        winds: u8,
    },
}

/// 延長: what a hanchan or tonpuu does when its last scheduled hand ends with nobody at a
/// target (in a table file: `"none"`, or `{ target = 30000 }`).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Extension {
    /// The game ends after its scheduled rounds (the dealer's repeats played out).
    None,
    /// The game goes on into the next round wind (South after a tonpuu, West after a
    /// hanchan) when nobody is at `target` after the last scheduled hand, and ends after the
    /// first hand that leaves someone at `target` or more, or at the latest after that
    /// wind's last hand (天鳳: 30,000, 西入).
    #[serde(untagged)]
    Target {
        /// The points someone must reach for the game to end.
        target: i32,
    },
}

/// What follows a hand, by the game's [`Length`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Next {
    /// The next hand.
    Play,
    /// The end of the game.
    End,
    /// The dealer won (or drew tenpai) when the game may end: it chooses
    /// ([`TableSettings::dealer_may_stop`], [`TableSettings::dealer_may_stop_tenpai`]).
    DealerChooses,
}

/// A hand just ended, as [`Length::after`] needs it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HandEnd {
    /// Its round index.
    pub(crate) round: u8,
    /// The dealer repeats.
    pub(crate) renchan: bool,
    /// The dealer won it.
    pub(crate) dealer_won: bool,
    /// It was an exhaustive draw with the dealer tenpai.
    pub(crate) dealer_tenpai: bool,
    /// The highest points at the table after it.
    pub(crate) top: i32,
    /// The dealer is first after it (ties by seat order from the first dealer).
    pub(crate) dealer_first: bool,
    /// Seats in play.
    pub(crate) players: u8,
}

/// The settings besides the [`Length`] that decide when a game ends.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ending {
    /// 和了やめ ([`TableSettings::dealer_may_stop`]).
    pub(crate) may_stop: bool,
    /// 聴牌やめ ([`TableSettings::dealer_may_stop_tenpai`]).
    pub(crate) may_stop_tenpai: bool,
    /// Whether the dealer chooses or the table stops when it is first ([`DealerStop`]).
    pub(crate) stop: DealerStop,
    /// 延長 ([`TableSettings::extension`]).
    pub(crate) extension: Extension,
}

impl Ending {
    /// Neither stop, no extension.
    #[cfg(test)]
    pub(crate) const NONE: Ending =
        Ending { may_stop: false, may_stop_tenpai: false, stop: DealerStop::Choice, extension: Extension::None };
}

impl Length {
    /// Rounds (局) in the game without dealer repeats, at a table of `players`: each seat
    /// deals once per round wind (for sudden death, the most; an [`Extension`] not counted).
    pub const fn rounds(self, players: u8) -> u8 {
        let winds = match self {
            Length::Hanchan => 2,
            Length::Tonpuu => 1,
            Length::EastSuddenDeath { winds, .. } => winds,
        };
        winds * players
    }

    /// What follows the hand `h`, with the stops and the extension of `e` (the dealer may
    /// end the game after its own win, 和了やめ, or its tenpai at an exhaustive draw, 聴牌やめ,
    /// when the game could end there; with [`DealerStop::WhenFirst`] the game ends there
    /// exactly when the dealer is first, and goes on otherwise).
    pub(crate) fn after(self, h: HandEnd, e: Ending) -> Next {
        match (self.by_choice(h, e), e.stop) {
            (Next::DealerChooses, DealerStop::WhenFirst) if h.dealer_first => Next::End,
            (Next::DealerChooses, DealerStop::WhenFirst) => Next::Play,
            (next, _) => next,
        }
    }

    /// [`Length::after`] with the dealer's stop a choice.
    fn by_choice(self, h: HandEnd, e: Ending) -> Next {
        let last = self.rounds(h.players);
        let choose = (e.may_stop && h.dealer_won) || (e.may_stop_tenpai && h.dealer_tenpai);
        match (self, e.extension) {
            (Length::Hanchan | Length::Tonpuu, Extension::None) => match () {
                _ if !h.renchan && h.round + 1 >= last => Next::End,
                _ if h.round + 1 == last && choose => Next::DealerChooses,
                _ => Next::Play,
            },
            (Length::Hanchan | Length::Tonpuu, Extension::Target { target }) => {
                let reached = h.top >= target;
                match () {
                    _ if h.round + 1 < last => Next::Play,
                    // The scheduled all-last: played on into the extension with nobody there.
                    _ if h.round + 1 == last && !reached => Next::Play,
                    _ if h.round + 1 == last && !h.renchan => Next::End,
                    _ if h.round + 1 == last && choose => Next::DealerChooses,
                    _ if h.round + 1 == last => Next::Play,
                    // The extension: someone reached the target.
                    _ if reached && choose => Next::DealerChooses,
                    _ if reached => Next::End,
                    _ if !h.renchan && h.round + 1 >= last + h.players => Next::End,
                    _ => Next::Play,
                }
            }
            (Length::EastSuddenDeath { target, .. }, _) => {
                let (reached, east, east_last) = (h.top >= target, h.round < h.players, h.round + 1 == h.players);
                match (east, reached) {
                    // 東3 won by its dealer with someone at the target: stop or go on.
                    (true, true) if east_last && choose => Next::DealerChooses,
                    // The East ends with the top at the target.
                    (true, true) if east_last && !h.renchan => Next::End,
                    (true, _) => Next::Play,
                    // Sudden death: someone reached the target.
                    (false, true) if choose => Next::DealerChooses,
                    (false, true) => Next::End,
                    (false, false) if !h.renchan && h.round + 1 >= last => Next::End,
                    (false, false) => Next::Play,
                }
            }
        }
    }
}

/// The largest hand cap a table takes: below 256, so the honba of a game never overflow.
pub const MAX_HANDS: u16 = 250;

/// The TOML form of a table preset (`presets/table_ron2_*.toml`).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TableSettings {
    /// Preset name (`ron2-dojo`, …), shown in reports.
    pub name: String,
    /// The scoring rules: a built-in preset name ([`Rules::preset`]:
    /// `ron2`), or a rules file's name ending in `.toml`, relative to the
    /// settings file (the engine reads no files: its caller reads that one
    /// and builds the table with [`RiichiTable::with_rules`](super::RiichiTable::with_rules)).
    pub scoring: String,
    /// 持ち点 points each seat starts with.
    pub start_points: i32,
    /// 返し return points: a final score is `(points − return) / 100`.
    pub return_points: i32,
    /// 順位点 rank points for 1st..4th, in units of 100 points.
    #[serde(deserialize_with = "crate::config::exactly")]
    pub uma: [i32; MAX_SEATS],
    /// オカ added to the first place, in units of 100 points.
    pub oka: i32,
    /// Hanchan or tonpuu.
    pub length: Length,
    /// トビ: the game ends as soon as a seat is below 0 points.
    pub bust: bool,
    /// 裏ドラ counted for riichi wins.
    pub ura_dora: bool,
    /// カンドラ: a new indicator per kan.
    pub kan_dora: bool,
    /// カン裏ドラ: an ura indicator per kan indicator (needs `ura_dora`).
    pub kan_ura_dora: bool,
    /// When a kan's indicator is turned, by kind of kan ([`KanDoraTiming`]; a file written
    /// before the field existed: at once for every kind).
    #[serde(default)]
    pub kan_dora_turned: KanDoraTiming,
    /// The wall's layout (a [`WallModel`]).
    pub wall: WallModel,
    /// Dora indicators turned at the deal (1, or Gotō's 2: 「ドラは常に2枚めくり」).
    pub indicators_at_deal: u8,
    /// チー allowed (from the seat on the left).
    pub chi: bool,
    /// The abortive draws (途中流局) in force; with 三家和 off, three rons all win.
    pub aborts: Vec<Abort>,
    /// 責任払い in force (see [`Pao`]). A pao yakuman is paid by its liable seat in full on
    /// a tsumo (the honba too); on another seat's ron the liable seat pays half of it and
    /// the discarder the rest, the honba as [`pao_ron_honba`](TableSettings::pao_ron_honba)
    /// says (the Ron2 seed: 「ツモアガりの場合は全額、他家が放銃した
    /// 場合でも半額を支払います。積み棒は全額放銃者が負担します。」). Each pao yakuman has its own
    /// liable seat ([`SeatState::pao`](super::SeatState::pao)).
    pub pao: Vec<Pao>,
    /// What a pao covers when the hand is a composite yakuman (the seed is silent): only
    /// the pao yakuman's share, or the whole hand (see [`PaoScope`]).
    pub pao_scope: PaoScope,
    /// Who pays the honba of a ron when a seat other than the discarder is liable for a pao
    /// yakuman ([`PaoRonHonba`]; a file written before the field existed: the discarder).
    #[serde(default)]
    pub pao_ron_honba: PaoRonHonba,
    /// 搶槓の一発: a ron robbing a kan (an added kan, or a closed kan robbed by thirteen
    /// orphans) by a seat still in its ippatsu turn keeps ippatsu, the robbed kan never
    /// having happened; `false`: the kan's declaration broke it (the seed's 「ポン、チー、
    /// カンがあった時点で一発は消えます」 read literally).
    pub chankan_keeps_ippatsu: bool,
    /// Riichi needs points for its stick (Gotō allows it below 1,000, into negative).
    pub riichi_needs_stick_points: bool,
    /// Riichi needs at least this many live tiles left (4: one more own draw at a
    /// four-player table; 1: any discard but the haitei's, as Gotō).
    pub riichi_min_live_tiles: u8,
    /// ノーテン罰符: the total the noten seats pay the tenpai seats at an exhaustive draw.
    pub noten_total: i32,
    /// Several seats ronning one tile: all of them win ([`MultipleRon::All`], a triple ron
    /// still aborting where `aborts` lists `triple_ron`), or only the first in turn order
    /// from the discarder (頭ハネ, [`MultipleRon::HeadBump`]).
    pub multiple_ron: MultipleRon,
    /// The honba of a double ron: each winner takes them ([`DoubleRonHonba::Each`]), or the
    /// first winner in turn order from the discarder only ([`DoubleRonHonba::First`]). The
    /// riichi sticks on the table always go to that first winner.
    pub double_ron_honba: DoubleRonHonba,
    /// The riichi sticks left on the table when the game ends: to the first place
    /// ([`EndSticks::Top`]), or lost ([`EndSticks::Lost`]: the final points then sum to
    /// less than the start total, by those sticks).
    pub end_sticks: EndSticks,
    /// With `bust`: exactly 0 points busts too (`false`: only below 0 busts, 0 survives, as
    /// Gotō's G-S6).
    pub bust_at_zero: bool,
    /// Hand cap, a bound the seeds do not have: the game ends after this many hands (1 to
    /// [`MAX_HANDS`], repeats included), so that bots which never win at a table where the
    /// dealer repeats on every draw cannot play forever ([`HanchanOutcome::capped`](super::HanchanOutcome::capped)).
    pub max_hands: u16,
    /// When the dealer repeats (連荘) after an exhaustive draw.
    pub dealer_repeats_on_draw: DrawRepeat,
    /// 抜きドラ: norths are extracted, as [`north`](TableSettings::north) says (Gotō G-X1:
    /// never discarded). (Flowers, when the tile set has them, are always set aside as they
    /// are drawn.)
    pub north_extraction: bool,
    /// How extraction plays where it is on ([`NorthRules`]; a file written before the field
    /// existed: Gotō's readings, [`NorthRules::default`]).
    #[serde(default)]
    pub north: NorthRules,
    /// 和了やめ: the dealer may end the game after its own win at the all-last (in sudden
    /// death, whenever someone is at the target), whatever its place (G-S5).
    pub dealer_may_stop: bool,
    /// 延長 (a hanchan or tonpuu; [`Extension`]): `none`, or `{ target = N }`: with nobody at
    /// `N` after the last scheduled hand, the next round wind is played until someone is
    /// there (天鳳 30,000, 西入). Sudden death ([`Length::EastSuddenDeath`]) has its own: `none`.
    pub extension: Extension,
    /// 聴牌やめ: the dealer tenpai at an exhaustive draw of the all-last (in an extension or
    /// sudden death: with someone at the target) may end the game, as after a win with
    /// `dealer_may_stop`.
    pub dealer_may_stop_tenpai: bool,
    /// Who decides the stops of `dealer_may_stop` and `dealer_may_stop_tenpai` ([`DealerStop`];
    /// a file written before the field existed: the dealer's choice).
    #[serde(default)]
    pub dealer_stop: DealerStop,
    /// 喰い替え after a chi or pon ([`Kuikae`]): `allowed`, or `forbidden` (the called kind,
    /// and after a chi the kind at the sequence's other end, may not be discarded that turn).
    pub kuikae: Kuikae,
    /// A closed kan after riichi (of the drawn tile, keeping the waits, and with
    /// `waits_and_shape` the hand's shape too).
    pub riichi_kan: RiichiKan,
    /// 空聴牌: at an exhaustive draw, a hand whose only waits are fifth copies of kinds it
    /// holds four of (`1111m234p567p789s`) counts as tenpai (Ron2: 「形式聴牌、空聴牌ともに
    /// 聴牌と認めます」). Off: tenpai is exact shanten 0, which such a hand is not.
    pub karaten_is_tenpai: bool,
    /// オープン立直 open riichi (G-R2).
    pub open_riichi: OpenRiichi,
    /// 白ポッチ: when the pocchi turns wild after riichi (G-R6).
    pub pocchi_wild: PocchiWild,
    /// 白ポッチ as a fifth copy: a wild pocchi may stand for a kind the hand already holds
    /// four of, melds included (`1111m` and the pocchi as `1m` make `111m` and `11m`). The
    /// seed bars nothing (「白ポッチは立直後永久オールマイティー」), so `true`, also for a file
    /// written before the field existed; `false`: only kinds held fewer than four times.
    #[serde(default = "fifth_copy_allowed")]
    pub pocchi_fifth_copy: bool,
    /// 神ポッチ (G-D5): the pocchi as a dora or ura indicator lets the winner name that
    /// indicator's dora kind, or none (カラス), for the best score; otherwise it
    /// indicates as a 白.
    pub kami_pocchi: bool,
    /// 八連荘 (paarenchan): a dealer's win that is its `paarenchan`-th in a row (and every
    /// later one in the same run) is paid as a yakuman at least (it still needs a yaku of
    /// its own); a hand the dealer does not win (a tenpai draw included) starts the count
    /// again. 0 (the default): no such rule; 8 is the usual count.
    #[serde(default)]
    pub paarenchan: u8,
    /// 祝儀: the chip rules (Gotō, GOTO-SPEC §7–§15); absent where a table settles in
    /// points only (Ron2).
    #[serde(default)]
    pub chips: Option<ChipRules>,
}

/// [`TableSettings::pocchi_fifth_copy`] of a file without it: the seed's reading.
const fn fifth_copy_allowed() -> bool {
    true
}

/// Who wins when several seats ron one tile. In a table file: `"all"` or `"head_bump"`.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum MultipleRon {
    /// Every seat that rons wins (a double ron; a triple ron too unless `aborts` lists
    /// `triple_ron`, 三家和).
    All,
    /// 頭ハネ: only the first of them in turn order from the discarder wins; the others'
    /// rons are void (a triple ron still aborts first where `aborts` lists `triple_ron`).
    HeadBump,
}

/// Who takes the honba (積み棒) of a double ron. In a table file: `"each"` or `"first"`.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum DoubleRonHonba {
    /// Each winner is paid the honba by the discarder.
    Each,
    /// Only the first winner in turn order from the discarder; the others are paid their
    /// hands alone.
    First,
}

/// Where the riichi sticks left at the end of the game go. In a table file: `"top"` or
/// `"lost"`.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum EndSticks {
    /// To the first place (before the final ranks).
    Top,
    /// Nobody: they stay on the table ([`TableState::sticks`](super::TableState::sticks)
    /// at the end), and the final points sum to less than the start total.
    Lost,
}

/// How extracted norths (抜きドラ) play, each piece a reading (in a table file:
/// `north = { discard = false, breaks_ippatsu = false, ron_after_own = false, after_pon = true }`;
/// unused without `north_extraction`).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct NorthRules {
    /// A north may also be discarded (天鳳), or never is: it is air (Gotō G-X1).
    pub discard: bool,
    /// An extraction breaks ippatsu and the first go-around as a call does (天鳳: 抜きは鳴きと
    /// 同じ扱い(一発/地和/九種/両立直は消える)); Gotō G-X6's default: neither.
    pub breaks_ippatsu: bool,
    /// A seat that extracted a north this hand may still ron another's extraction (天鳳: an
    /// extracted north may be ronned by any hand, 抜いた北は役満以外でも和了可能); Gotō G-X5: not,
    /// its own extraction counting as its discard (furiten).
    pub ron_after_own: bool,
    /// A north may be extracted on the turn of a pon, before its discard (Gotō; 天鳳: ポンの
    /// 直後は抜けない).
    pub after_pon: bool,
}

impl Default for NorthRules {
    /// The readings extraction had before they were options (Gotō's): a north is never
    /// discarded, breaks neither ippatsu nor the first go-around, a seat that extracted may
    /// not ron another's extraction, and one may be extracted on the turn of a pon.
    fn default() -> NorthRules {
        NorthRules { discard: false, breaks_ippatsu: false, ron_after_own: false, after_pon: true }
    }
}

/// Who decides the all-last dealer's stop (和了やめ, 聴牌やめ) where the game could end. In a
/// table file: `"choice"` or `"when_first"`.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum DealerStop {
    /// The dealer chooses, whatever its place (Gotō's G-S5; the default).
    #[default]
    Choice,
    /// 天鳳's 自動和了り止め, 自動聴牌止め: the table ends the game exactly when the dealer is first
    /// (ties by seat order from the first dealer), and the dealer repeats otherwise (in an
    /// extension, its repeat goes before a non-dealer's reaching the target: 連荘を優先する).
    WhenFirst,
}

/// 喰い替え: the discard right after a chi or pon (in a table file: `"allowed"` or
/// `"forbidden"`).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Kuikae {
    /// Any tile may be discarded, the kind just called included.
    Allowed,
    /// Not the called kind (現物喰い替え), nor after a chi of a sequence's end the kind
    /// completing the sequence on the other side (筋喰い替え: 34m chi 2m, then no 5m; 23m
    /// chi 4m, then no 1m). A call leaving no other discard is not offered.
    Forbidden,
}

impl Kuikae {
    /// The kinds a seat may not discard after calling `called` (`chi`: the low kind of the
    /// chi's sequence; `None`: a pon), as a bit mask over the 34 kinds (0 when allowed).
    pub(crate) fn banned(self, called: Tile, chi: Option<Tile>) -> u64 {
        if self == Kuikae::Allowed {
            return 0;
        }
        let i = called.index();
        let mut m = 1u64 << i;
        if let Some(low) = chi {
            let n = called.number();
            if called == low && n <= 6 {
                m |= 1 << (i + 3);
            } else if low.index() + 2 == i && n >= 4 {
                m |= 1 << (i - 3);
            }
        }
        m
    }
}

/// 責任払い (pao) by kind (in a table file: `daisangen`, `daisuushii`, `suukantsu`,
/// `daiminkan_rinshan`), in the order of [`PAO_YAKU`](super::PAO_YAKU) then the rinshan.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Pao {
    /// 大三元: the seat that let the third dragon set be called.
    Daisangen = 0,
    /// 大四喜: the seat that let the fourth wind set be called.
    Daisuushii = 1,
    /// 四槓子: the seat that fed the fourth kan (a daiminkan).
    Suukantsu = 2,
    /// 大明槓の責任払い: the feeder of a daiminkan pays the rinshan tsumo that follows it (kans
    /// made between them included).
    DaiminkanRinshan = 3,
}

/// What the seat liable for a pao yakuman (責任払い) pays when the hand is worth more than
/// that yakuman (a composite yakuman, e.g. daisangen pao with tsuuiisou). In a table file:
/// `"yakuman_share"` or `"whole_hand"`. With one pao yakuman alone both are the same.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum PaoScope {
    /// The liable seat answers for its pao yakuman's share only (the value of that yakuman
    /// alone): all of it on a tsumo, half on another seat's ron (the discarder paying the
    /// other half); the rest of the hand is paid as without pao (on a tsumo by every
    /// payer, or by the feeder of a daiminkan whose rinshan it is; on a ron by the
    /// discarder). The honba of a tsumo go with the pao share (the first liable seat, in
    /// [`PAO_YAKU`](super::PAO_YAKU) order, pays them), those of a ron with the discarder.
    YakumanShare,
    /// The liable seat answers for the whole hand as for a lone pao yakuman: all of it on a
    /// tsumo, half on another's ron. Two liable seats (e.g. daisangen's and suukantsu's)
    /// each take their own yakuman's share and the rest in equal parts (the first, in
    /// [`PAO_YAKU`](super::PAO_YAKU) order, the odd hundreds).
    WholeHand,
}

/// When the indicator of a kan (カンドラ) is turned, by kind of kan. In a table file:
/// `kan_dora_turned = { closed = "at_once", added = "after_discard", open = "after_discard" }`.
/// The default, every kind at once, is how kans turned their indicators before the timing
/// was an option.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct KanDoraTiming {
    /// 暗槓, a closed kan.
    pub closed: KanDoraTurn,
    /// 加槓, an added kan (at once: when no chankan robbed it, before the replacement draw).
    pub added: KanDoraTurn,
    /// 大明槓, an open kan of a discard.
    pub open: KanDoraTurn,
}

impl KanDoraTiming {
    /// Whether any kind waits for the discard.
    pub(crate) fn any_after_discard(self) -> bool {
        [self.closed, self.added, self.open].contains(&KanDoraTurn::AfterDiscard)
    }
}

/// When one kind of kan turns its indicator (in a table file: `"at_once"` or
/// `"after_discard"`).
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum KanDoraTurn {
    /// Before the replacement draw: a rinshan tsumo counts it (Ron2: 「ドラ表示牌は暗槓・明槓を
    /// 問わず即めくります」; the default).
    #[default]
    AtOnce,
    /// When the kan's maker discards after its replacement draw (a ron on that discard counts
    /// it), or makes another kan first (then before that kan); a rinshan tsumo does not
    /// count it (天鳳's 明槓 and 加槓). Needs a dead wall, whose indicators do not come off the
    /// live wall.
    AfterDiscard,
}

/// Who pays the honba (積み棒) of a ron on a pao yakuman (責任払い) whose liable seat is not
/// the discarder. In a table file: `"discarder"` or `"liable"`.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum PaoRonHonba {
    /// The discarder pays every honba (the Ron2 seed: 「積み棒は全額放銃者が負担します」; the
    /// default).
    #[default]
    Discarder,
    /// The liable seat pays them, with its half of the yakuman (天鳳: the repeats are paid
    /// through pao; the first liable seat in [`PAO_YAKU`](super::PAO_YAKU) order when two are).
    Liable,
}

/// When the white pocchi (白ポッチ) is all-mighty (G-R6): any kind, chosen at the win for
/// the best score (a kind the hand holds four of excepted).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum PocchiWild {
    /// Never: it is a 白 (haku) like the others.
    Never,
    /// When drawn after riichi: that draw is always a tsumo win (the only legal action).
    Drawn,
    /// Also when held at the riichi declaration (Gotō's default reading): the riichi then
    /// waits on whatever the pocchi as any kind would complete.
    Held,
}

/// オープン立直 (Gotō G-R2, G-R3): a riichi whose waits are shown. No other seat may deal
/// into it unless forced (every discard it has would), and a forced deal-in is paid as
/// 13 han (四倍満) unless the hand is worth more. In a table file:
/// `open_riichi = { declarers = 2, sticks = 2 }`.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct OpenRiichi {
    /// Open riichi is allowed to the first this many riichi declarers of a hand, closed
    /// riichi counted (0: never; Gotō 2, 「2件目まで」).
    pub declarers: u8,
    /// Riichi sticks an open riichi deposits (Gotō 2: 2,000 points).
    pub sticks: u8,
}

/// A closed kan after riichi: always of the drawn tile, and only when the waits stay
/// (the waits of the 13 tiles before the draw and of the 10 left beside the kan are the
/// same kinds).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum RiichiKan {
    /// Allowed when the waits stay, even if the hand's shape changes (`222333444m`
    /// drawing 2m: 333444m still waits where it did, but the 234m reading is lost).
    Waits,
    /// Allowed when the waits and the shape stay (Ron2: 「待ちと牌姿が変わらないときだけ
    /// 可能」). The shape stays when the drawn kind is only ever a triplet: the drawn
    /// tile is no wait itself, and in every reading (sets and a pair) of every winning
    /// hand — the 13 tiles before the draw plus one of their waits — the drawn kind's
    /// three copies make one triplet, never a pair or part of a sequence. Taking them
    /// out as the kan then leaves a complete reading for every wait, and no reading is
    /// lost. (With a wild pocchi, G-R6, for each kind the pocchi may stand for.)
    WaitsAndShape,
    /// Mandatory when the waits stay, as with `waits` (Gotō G-K4: 「手牌構成が変わっても待ちが
    /// 変わらなければカン可能」, and not making it is chombo): when one is legal, the seat
    /// makes it or wins.
    Forced,
}

/// When the dealer repeats after an exhaustive draw.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum DrawRepeat {
    /// When the dealer is tenpai.
    Tenpai,
    /// Always, tenpai or not (Gotō: 「ノーテンでも親連荘」).
    Always,
    /// Never: the deal passes.
    Never,
}

impl DrawRepeat {
    /// Whether the dealer repeats, given whether it is tenpai.
    pub const fn repeats(self, dealer_tenpai: bool) -> bool {
        match self {
            DrawRepeat::Tenpai => dealer_tenpai,
            DrawRepeat::Always => true,
            DrawRepeat::Never => false,
        }
    }
}

/// Why a table preset could not be loaded.
#[derive(Debug)]
pub enum TableError {
    /// No preset has this name.
    UnknownPreset(String),
    /// Malformed TOML, or a missing, unknown or mistyped field.
    Toml(TomlError),
    /// The scoring preset named by `scoring` could not be loaded.
    Scoring(RulesError),
    /// A field parsed but its value is not allowed.
    Invalid {
        /// The field.
        field: &'static str,
        /// What is wrong.
        reason: &'static str,
    },
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::UnknownPreset(n) => {
                write!(f, "unknown mahjong table preset `{n}` (presets: {})", PRESETS.map(|p| p.0).join(", "))
            }
            TableError::Toml(e) => write!(f, "{e}"),
            TableError::Scoring(e) => write!(f, "field `scoring`: {e}"),
            TableError::Invalid { field, reason } => {
                write!(f, "field `{field}`: {reason}")
            }
        }
    }
}

impl std::error::Error for TableError {}

/// The built-in table presets: (name, TOML text): the five Ron2 ones, Ron2's dojo with
/// per-item chips (and the same on a set with a blue five), Gotō's two, Tenhou's two (four
/// and three seats) and a three-seat table setting 1m and 9m aside as nuki.
pub const PRESETS: [(&str, &str); 12] = [
    ("ron2-dojo", include_str!("../presets/table_ron2_dojo.toml")),
    ("ron2-battle", include_str!("../presets/table_ron2_battle.toml")),
    ("ron2-a", include_str!("../presets/table_ron2_a.toml")),
    ("ron2-b", include_str!("../presets/table_ron2_b.toml")),
    ("ron2-c", include_str!("../presets/table_ron2_c.toml")),
    ("ron2-chips", include_str!("../presets/table_ron2_chips.toml")),
    ("ron2-blue", include_str!("../presets/table_ron2_blue.toml")),
    ("goto", include_str!("../presets/table_goto.toml")),
    ("goto-cutbi", include_str!("../presets/table_goto_cutbi.toml")),
    ("tenhou", include_str!("../presets/table_tenhou.toml")),
    ("tenhou-sanma", include_str!("../presets/table_tenhou_sanma.toml")),
    ("sanma-1m9m-nuki", include_str!("../presets/table_sanma_1m9m_nuki.toml")),
];

impl TableSettings {
    /// A built-in preset: `ron2-dojo` (道場/リーグ), `ron2-battle`
    /// (リーチバトル), `ron2-a`, `ron2-b`, `ron2-c` (競技ルール A/B/C), `ron2-chips` (the dojo
    /// with per-item chips, four seats), `ron2-blue` (`ron2-chips` on a set with a blue 5p),
    /// `goto`, `goto-cutbi`
    /// (Classic Gotō, three seats), `tenhou` (天鳳's rules), `tenhou-sanma` (天鳳 三麻, three seats),
    /// `sanma-1m9m-nuki` (天鳳 三麻 setting 1m and 9m aside as nuki instead of north).
    pub fn preset(name: &str) -> Result<TableSettings, TableError> {
        match TableSettings::preset_text(name) {
            Some(text) => TableSettings::from_toml(text),
            None => Err(TableError::UnknownPreset(name.to_string())),
        }
    }

    /// The TOML text of the built-in preset `name` (see [`PRESETS`]).
    pub fn preset_text(name: &str) -> Option<&'static str> {
        PRESETS.iter().find(|p| p.0 == name).map(|p| p.1)
    }

    /// Parses and checks a table preset written in TOML; `extends = "goto"` starts it from
    /// a built-in preset, overriding only the values it gives.
    pub fn from_toml(text: &str) -> Result<TableSettings, TableError> {
        let s: TableSettings = from_toml_extending(text, &TableSettings::preset_text).map_err(TableError::Toml)?;
        let invalid = |field, reason| Err(TableError::Invalid { field, reason });
        if s.start_points <= 0 || s.start_points % 100 != 0 {
            return invalid("start_points", "must be a positive multiple of 100");
        }
        if s.return_points % 100 != 0 {
            return invalid("return_points", "must be a multiple of 100");
        }
        if s.uma.iter().sum::<i32>() != 0 {
            return invalid("uma", "rank points must sum to 0");
        }
        if s.kan_ura_dora && !s.ura_dora {
            return invalid("kan_ura_dora", "needs ura_dora");
        }
        if !(1..=2).contains(&s.indicators_at_deal) {
            return invalid("indicators_at_deal", "must be 1 or 2");
        }
        if s.riichi_min_live_tiles == 0 {
            return invalid("riichi_min_live_tiles", "must be at least 1 (no riichi on the haitei discard)");
        }
        if s.open_riichi.declarers > 0 && s.open_riichi.sticks == 0 {
            return invalid("open_riichi", "an open riichi deposits at least one stick");
        }
        if !(1..=MAX_HANDS).contains(&s.max_hands) {
            return invalid("max_hands", "must be 1 to 250 (the honba count is kept in a byte)");
        }
        if matches!(s.wall, WallModel::DeadWallWith { replacement_tiles: r } if !(4..=12).contains(&r)) {
            return invalid("wall", "a dead wall has 4 to 12 replacement tiles");
        }
        if s.noten_total < 0 {
            return invalid("noten_total", "must be 0 or more");
        }
        match (s.length, s.extension) {
            (_, Extension::Target { target }) if target <= 0 => {
                return invalid("extension", "the target must be positive");
            }
            (Length::EastSuddenDeath { .. }, Extension::Target { .. }) => {
                return invalid("extension", "sudden death has its own end: none");
            }
            _ => {}
        }
        if s.paarenchan == 1 {
            return invalid("paarenchan", "0 (none) or a run of 2 or more dealer wins");
        }
        Ok(s)
    }

    /// Whether `scoring` names a rules file rather than a built-in preset.
    pub fn scoring_is_file(&self) -> bool {
        self.scoring.ends_with(".toml")
    }

    /// The built-in scoring rules it names.
    pub fn scoring_rules(&self) -> Result<Rules, TableError> {
        Rules::preset(&self.scoring).map_err(TableError::Scoring)
    }

    /// Final scores (成績) in units of 100 points: `(points − return) / 100`
    /// plus the rank points, plus the oka for the first place. `ranks[s]` is
    /// seat `s`'s place, 0 = first ([`NO_SEAT`]: no seat, score 0).
    pub fn final_scores(&self, points: &[i32; MAX_SEATS], ranks: &[u8; MAX_SEATS]) -> [i32; MAX_SEATS] {
        std::array::from_fn(|s| match ranks[s] {
            NO_SEAT => 0,
            r => (points[s] - self.return_points) / 100 + self.uma[r as usize] + if r == 0 { self.oka } else { 0 },
        })
    }
}

/// Places (0 = first) of the seats whose `points` are given (all seats in
/// play); equal points rank by seat order from the first dealer (seat 0
/// first). Entries past the seats given are [`NO_SEAT`].
pub fn ranks(points: &[i32]) -> [u8; MAX_SEATS] {
    let n = points.len();
    std::array::from_fn(|s| match s < n {
        true => (0..n).filter(|&o| points[o] > points[s] || (points[o] == points[s] && o < s)).count() as u8,
        false => NO_SEAT,
    })
}

/// The place of an array entry past the seats in play.
pub const NO_SEAT: u8 = u8::MAX;
