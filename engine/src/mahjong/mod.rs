//! Mahjong hand core: tiles, tile sets, notation, shanten and ukeire, and
//! scoring (decomposition, yaku, fu, limits, payments) for the
//! Ron2 four-player rules (seed `003_2ab1ab2ae52405ad`) and Classic Gotō
//! sanma (seed `001_e8512f07dc3867cc`); readings in RULES-NOTES §2 and §4.
//!
//! # Main types
//! - [`Tile`]: a kind `0..34` (1m–9m, 1p–9p, 1s–9s, E S W N, haku hatsu
//!   chun) with `const fn` predicates, `Display`/`FromStr` (`"5m"`, `"1z"`) and
//!   the literal macro [`t!`](crate::t) (`t!(5m)`).
//! - [`TileCounts`] (`[u8; 34]`): a hand as counts per kind, the hot-path form.
//!   [`TileSet`]: 34-bit set of kinds, for waits and ukeire.
//! - [`PhysTile`]: a physical piece: a plain kind, a red five (赤), a Gotō
//!   gold five (金), a blue five (青, a parlour's), the white pocchi (白ポッチ,
//!   one of the haku) or a [`Flower`] (春夏秋冬).
//! - [`TileSetSpec`]: the composition of a set, from TOML presets in
//!   `presets/` (`four_player`, `goto`) or a user file;
//!   [`TileSetSpec::fill_wall`] lays all its pieces into a fixed-size array.
//! - Notation ([`parse_tiles`], [`Mpsz`]): tenhou mpsz plus `0` for red
//!   fives, `g` for gold fives (`4g6p`), `b` for blue fives (`4b6p`), `0z` for the pocchi and `1f`–`4f`
//!   for flowers; errors name the byte and the reason.
//! - Shanten ([`shanten`], [`shanten_standard`], [`shanten_chiitoitsu`],
//!   [`shanten_kokushi`], and [`shanten_after_discards`] for every discard
//!   of a 3n+2 hand at once) and [`ukeire`] on [`TileCounts`] under
//!   [`ShantenRules`] (sanma manzu, Gotō seven pairs);
//!   [`shanten_report`] turns one mpsz hand into a [`ShantenReport`] (one
//!   JSON line of `sim mahjong shanten`). Per-group distance tables (62 MB)
//!   are built once on first use; after that nothing allocates.
//!
//! # Readings
//! - Tile sets (RULES-NOTES §2, §4): four-player = 136 tiles with one red
//!   5m/5p/5s; Gotō = manzu 1m and 9m only (108) + 4 flowers, one red 5p,
//!   one red 5s, one gold 5p, one gold 5s, one pocchi haku. Every kind has
//!   four copies; red, gold, blue and pocchi copies replace plain ones, so the Gotō
//!   set has only two plain 5p and a hand written `555p` is rejected for it.
//!   Which manzu exist, the red/gold/blue fives, the pocchi count and the flowers
//!   are configurable; copies per kind are not. Neither preset set has blue fives
//!   (`blue_fives` in a set, e.g. `"5p"`); each is one `ao_dora` line of the
//!   rules' `yaku.ao_dora` han (default 1; some parlours count 2), never doubled by
//!   autumn, and not part of Gotō's 門前オールスター.
//! - Dora in sanma: the indicator 1m shows 9m (and 9m shows 1m), the usual
//!   sanma convention; the seed does not say ([`Tile::next_dora_sanma`]).
//! - Shanten is exact: the fewest draws that complete the hand, minus one,
//!   never using a kind more than four times. So a hand whose only wait is a
//!   fifth copy of a tile it holds four of is not tenpai (`1111m234p567p789s`
//!   is 1-shanten, where the `8 − 2·mentsu − taatsu` formula says 0). Copies
//!   in the player's own melds are not counted against the limit (the
//!   functions see the concealed counts only). [`fifth_copy_waits`] names
//!   such waits, for rules that call that hand tenpai (空聴牌) at a draw.
//! - Concealed hands of 3n+1 or 3n+2 tiles need n blocks and a pair (melds
//!   stand for the missing blocks). Seven pairs and thirteen orphans apply
//!   only to 13 or 14 concealed tiles (`None` otherwise).
//! - Seven pairs: four-player rules need seven different kinds; Gotō counts
//!   four of a kind as two pairs (its 4枚使い七対子), a [`ShantenRules`] flag.
//! - Sanma: manzu 1m and 9m make no sequences, and 2m–8m are never drawn, so
//!   they never count as ukeire.
//! - Ukeire of a 3n+1 hand: the kinds whose draw lowers the shanten (all
//!   forms together). Of a 3n+2 hand: the union of the ukeire of every
//!   discard that keeps the best shanten; for a complete hand, the waits of
//!   its tenpai discards. [`ukeire_count`] counts the copies not yet visible.
//!
//! # Scoring
//! - [`score_hand`]: the hot path, allocation-free, on a fixed-size [`Hand`]
//!   (counts, melds, win tile, [`WinFlags`], dora kinds) → [`HandScore`].
//!   Every reading ([`for_each_standard`], [`seven_pairs`],
//!   [`thirteen_orphans`], each set the winning tile could have completed)
//!   is scored; the best is kept: most points, a real yakuman over a counted
//!   one, then most han, then most fu.
//! - [`score`]: issue 2's JSON line ([`Situation`]) → [`ScoreResult`] or a
//!   [`ScoreError`] saying why (notation, tiles, impossible flags, not a
//!   winning hand, no yaku).
//! - [`table`]: the four-player Ron2 table (whole hands and games as a
//!   [`Game`](crate::Game), presets, bots, outcome records) on this core.
//! - [`Rules`]: presets `ron2` and `goto` (`presets/ron2.toml`,
//!   `presets/goto.toml`) or a user file with the same fields; every regular
//!   yaku's han `[closed, open]` is its `[yaku.han]` table ([`YakuHan`]), so a
//!   yaku is re-priced or removed (`[0, 0]`) without code.
//!
//! # Scoring readings
//! - Ron2 (RULES-NOTES §4): no kiriage; 13+ han is one counted yakuman;
//!   each yakuman counts once, a 13-sided kokushi, suuankou tanki, junsei
//!   chuuren or daisuushii included (the doubles are options); renhou is a
//!   mangan listed alone, unless the hand is worth haneman or more by
//!   itself; rinshan gets no tsumo fu; a double-wind pair is 4 fu.
//! - Gotō (RULES-NOTES §2), as the seed prints, plus these readings:
//!   小車輪 `shousharin` is one 6-han yaku replacing honitsu and
//!   chiitoitsu; four-of-a-kind seven pairs lists `yonmai_chiitoitsu` (4 han
//!   each); 大車輪 `daisharin` counts in any suit; 萬子ホンイツ
//!   `manzu_honitsu` may be open; 立直のみロン和了 `riichi_nomi_ron` needs a
//!   plain riichi ron whose only han is riichi (no dora, red, gold, nuki or
//!   flower; ura-dora, turned after the win, do not matter) with nothing
//!   extracted and no flower on an indicator; 流し役満 `nagashi_yakuman` is
//!   paid as a tsumo; a north may stay in the hand only for kokushi and the
//!   four-winds yakuman; each extracted north is one `nuki_dora` (and a
//!   `dora` too when north is indicated); four of them add `suupei` 4 han
//!   (a bonus, like dora: no yaku by itself); gold fives are one dora
//!   (`kin_dora`), autumn doubles red and gold; summer (`natsu`) adds 1 han
//!   below mangan, else one rank (mangan → haneman → … → 四倍満 → 五倍満;
//!   yakuman ×m → 4m+1 mangan); a flower among the dora indicators (or the
//!   ura, with riichi) acts as if extracted; rinshan keeps its tsumo fu and
//!   a double-wind pair is 4 fu (the seed is silent: standard defaults).
//! - Not modelled here (callers' or the table's business): the pocchi as
//!   an all-mighty tile (score the hand it completes; as a fifth copy of a kind
//!   held four times, with [`WinFlags::WILD_FIFTH`]), 神ポッチ free dora
//!   choice, the 13-han 手詰まり放銃, open riichi, pao, chips (祝儀).

pub mod chips;
mod decompose;
mod eval;
mod fu;
mod han;
mod hand;
mod limit;
pub mod local;
mod notation;
mod nuki;
mod payment;
mod rules;
mod score;
mod score_hand;
mod shanten;
pub mod table;
#[cfg(test)]
mod tests_blue;
mod tile;
mod tileset;
mod yaku;

pub use decompose::{Block, BlockKind, for_each_standard, seven_pairs, thirteen_orphans};
pub use fu::Wait;
pub use han::YakuHan;
pub use hand::{Hand, HandScore, Meld, MeldKind, WinFlags};
pub use limit::Limit;
pub use notation::{Mpsz, NotationError, NotationErrorKind, parse_kinds};
pub use nuki::{MAX_NUKI_KINDS, Nuki, NukiKinds};
pub use payment::Payment;
pub use rules::{
    FuRules, LimitKind, LimitRules, PaymentKind, PaymentRules, RenhouValue, Rules, RulesError, ThreeSeatTsumo,
    YakuRules,
};
pub use score::{MeldSpec, MeldType, NukiSpec, PaymentOut, ScoreResult, Situation, hand_of, score};
pub use score_hand::{ScoreError, score_hand};
pub use shanten::{
    HandError, ShantenReport, ShantenRules, fifth_copy_waits, shanten, shanten_after_discards, shanten_chiitoitsu,
    shanten_kokushi, shanten_report, shanten_standard, shanten_standard_blocks, shanten_standard_without, ukeire,
    ukeire_count,
};
pub use tile::{Flower, NUM_KINDS, PhysTile, Suit, Tile, TileCounts, TileSet, counts_of};
pub use tileset::{MAX_WALL_TILES, TileSetError, TileSetSpec, WallArray, parse_tiles};
pub use yaku::{MAX_LOCAL, MAX_YAKU, Yaku, YakuList};
