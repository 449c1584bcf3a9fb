//! The chip rules (祝儀) of a table file's `[chips]` section: every amount of GOTO-SPEC
//! §7–§12 and §14, and every reading of its ambiguity register (§15) as an option whose
//! shipped value is the spec's default; at a four-seat table the same items (red, gold,
//! blue, ura, ippatsu, 一発ツモ, tiers, rank chips for four places), no sit-out, no cut-bi.

use crate::mahjong::table::MAX_SEATS;
use serde::Deserialize;

/// Chip amounts and readings (TOML `[chips]` in a table file: every field required).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ChipRules {
    /// G-C1 一発: per payer.
    pub ippatsu: i32,
    /// G-C2 赤: per red five in the winning hand.
    pub red: i32,
    /// G-C3 金: per gold five.
    pub gold: i32,
    /// 青: per blue five in the winning hand (a club's item, for a set with `blue_fives`;
    /// Gotō has none: 0, also for a file without it).
    #[serde(default)]
    pub blue: i32,
    /// G-C4 裏: per ura dora counted (kan-ura included).
    pub ura: i32,
    /// G-C4, §15.10: extracted norths count for ura chips when the ura dora is north, as
    /// they do for points (default yes).
    pub ura_counts_norths: bool,
    /// G-C5 北: per north the winner extracted.
    pub north: i32,
    /// G-C6 ポッチ一発ツモ: on top of the ippatsu chip.
    pub pocchi_ippatsu_tsumo: i32,
    /// 一発ツモ: on top of the ippatsu chip on an ippatsu tsumo, per payer, booked as
    /// ippatsu (a club's four-player item; Gotō has none: 0, also for a file without it).
    #[serde(default)]
    pub ippatsu_tsumo: i32,
    /// §15.9: on a tsumo the sit-out pays the per-tile chips (G-C1..C6) too (default no:
    /// each opponent only).
    pub per_tile_sit_out_pays: bool,
    /// G-C7 三倍満 (11–12 han): from everyone, even on a ron.
    pub sanbaiman: i32,
    /// G-C8 役満 (≥ 13 han, or a real yakuman): from everyone, times a real yakuman's
    /// multiple.
    pub yakuman: i32,
    /// G-C8: per han above 13 of a counted yakuman.
    pub per_han_above_13: i32,
    /// G-C9 夏: from everyone on a hand of ≥ 13 han or a real yakuman, once.
    pub summer: i32,
    /// G-C9, §15.11: chip tiers by the rank after summer (8–10 han + summer → sanbaiman's
    /// chips, 11–12 + summer → yakuman's, with summer's own chips only on a hand already
    /// 13+); false (default): by the han before summer.
    pub tier_after_summer: bool,
    /// G-C13: a real yakuman still earns ippatsu, red, gold, blue, ura, north and pocchi chips
    /// (default yes).
    pub yakuman_earns_hand_chips: bool,
    /// G-F2 春: per flower the extractor has set aside this hand, from everyone.
    pub spring: i32,
    /// G-F5 冬, アリス: per hit, closed hand.
    pub alice: i32,
    /// G-F5: per hit, open hand.
    pub alice_open: i32,
    /// G-F5, §15.15: pay per copy held of the revealed kind instead of per hit.
    pub alice_per_copy: bool,
    /// G-F5: a revealed north is a hit through the winner's extracted norths too (GOTO-SPEC's
    /// reading). `false` (the default, the seed's reading): 「現物牌」 is a kind in the winner's
    /// hand, and the seed makes set-aside pieces 現物 for flowers only (「抜いてる華牌を現物牌
    /// 扱いとしてアリスが付く」), so an extracted north is none.
    #[serde(default)]
    pub alice_north_counts_extracted: bool,
    /// G-D1 サイコロチャンス: wins earn dice chances at all (Gotō's, the default; a table
    /// without them, such as a four-seat club's, sets `false`).
    #[serde(default = "dice_chances")]
    pub dice: bool,
    /// G-D1, §15.12: a real yakuman earns one dice chance per yakuman of its multiple
    /// (default) instead of one.
    pub dice_per_yakuman: bool,
    /// G-D1, §15.13: 門前オールスター needs the pocchi too (default no: every red and gold
    /// five of the set in a closed hand).
    pub all_star_needs_pocchi: bool,
    /// G-D2, §15.14: a double earned by a re-roll earns another (サイコロ連荘 chained,
    /// default); false: only the two first rolls can earn one.
    pub dice_doubles_chain: bool,
    /// G-D4 四華四北: from each opponent.
    pub suuka_suupei: i32,
    /// G-D4, §15.17: the sit-out pays 四華四北 too (default no).
    pub suuka_suupei_sit_out_pays: bool,
    /// G-O2a: the sit-out's income from each seated player on a win when nobody extracted
    /// spring.
    pub sit_out_no_spring: i32,
    /// G-O2b: the sit-out's income from each seated player on an exhaustive draw.
    pub sit_out_draw: i32,
    /// G-O2c: the sit-out's income from each seated player on entering South.
    pub sit_out_south: i32,
    /// G-O2a, §15.16: a spring on an indicator counts as extracted for G-O2a (default no).
    pub spring_on_indicator_counts: bool,
    /// G-O2, §15.27: a nagashi yakuman counts as a draw for the sit-out (G-O2b applies,
    /// G-O2a does not); default: as a win.
    pub nagashi_as_draw: bool,
    /// G-E2 rank chips for 1st, 2nd, 3rd (and 4th at four seats) when 2nd reaches the クビ
    /// line (クビあり).
    pub rank_kubi: Places,
    /// G-E2 rank chips per place otherwise.
    pub rank: Places,
    /// G-E2: the クビ line (40,000).
    pub kubi_line: i32,
    /// G-E2, §15.4: 2nd at exactly the line is クビあり (default yes).
    pub kubi_at_line: bool,
    /// G-E1, §15.3: tied places split their rank chips (default no: the earlier seat from
    /// the first dealer ranks higher).
    pub split_ties: bool,
    /// G-E3: the 80,000 line; a final score strictly over it earns the bonus.
    pub over_line: i32,
    /// G-E3: the bonus from everyone at the line.
    pub over: i32,
    /// G-E3: one more chip per this many points above the line.
    pub over_step: i32,
    /// G-E3, §15.6: the steps counted from the line itself (90,000 → 4); default strict
    /// (90,000 → 3, 91,000 → 4).
    pub over_steps_at_multiples: bool,
    /// G-E4 トビ賞: paid by a busted player to the winner who caused it.
    pub bust: i32,
    /// G-E4: one more chip per this many points below zero.
    pub bust_step: i32,
    /// G-E4, §15.7: the steps counted at exact multiples (−10,000 → 6); default strict
    /// (−10,000 → 5, −11,000 → 6).
    pub bust_steps_at_multiples: bool,
    /// G-E4, §15.7: on a double ron the busted discarder pays each winner (default: only
    /// the winner nearest it).
    pub bust_pays_each_winner: bool,
    /// G-E5 ダブル飛ばし: from each opponent, to the winner busting two.
    pub double_bust: i32,
    /// G-E5, §15.8: the sit-out pays the double bust too (default no).
    pub double_bust_sit_out_pays: bool,
    /// G-M1 チョンボ: the offender pays this to everyone.
    pub chombo: i32,
    /// §14 カットビ (ホームランVer.): absent for the plain rules.
    pub cutbi: Option<CutBi>,
}

/// Dice chances for a file without `dice`: Gotō's, on.
fn dice_chances() -> bool {
    true
}

/// Cut-bi (ホームランVer., GOTO-SPEC §14): the states and multipliers.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct CutBi {
    /// G-B3, §15.19: which states the multipliers use.
    pub timing: Timing,
    /// G-B4: a doubled-list chip received by a HomeRun person.
    pub homerun: i32,
    /// G-B4: a doubled-list chip paid by a person who was Bases and busts in the hand.
    pub busted: i32,
    /// G-B4: what each of two Bases players busted by one HomeRun winner pays that winner,
    /// instead of `homerun × busted`.
    pub two_busted: i32,
    /// G-B7, §15.17: 四華四北 doubled as a win chip (default yes).
    pub double_suuka_suupei: bool,
    /// G-B7, §15.18: the sit-out's South-entry chips doubled (default no).
    pub double_south_entry: bool,
}

/// When the cut-bi states are read for a hand's multipliers.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Timing {
    /// G-B3 (default): the states at the start of the hand.
    StartOfHand,
    /// The alternative reading: the states after the hand's transitions (so every winner
    /// counts as HomeRun and every player a win busts as Bases).
    EndOfHand,
}

/// Rank chips per place, 1st first: one value per seat of the table (in a table file a list
/// of 3 or 4 numbers).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(try_from = "Vec<i32>")]
pub struct Places {
    values: [i32; MAX_SEATS],
    len: u8,
}

impl TryFrom<Vec<i32>> for Places {
    type Error = String;

    fn try_from(v: Vec<i32>) -> Result<Places, String> {
        if !(3..=MAX_SEATS).contains(&v.len()) {
            return Err(format!("{} places: one value per seat, 3 or 4", v.len()));
        }
        let mut values = [0; MAX_SEATS];
        values[..v.len()].copy_from_slice(&v);
        Ok(Places { values, len: v.len() as u8 })
    }
}

impl Places {
    /// The values, 1st first.
    pub fn as_slice(&self) -> &[i32] {
        &self.values[..usize::from(self.len)]
    }
}

impl ChipRules {
    /// Checks the amounts: steps positive, the sit-out-free rank chips summing to zero, and,
    /// at a table of `seats`, one rank value per seat and cut-bi only at three (its sit-out
    /// is always HomeRun, G-B1).
    pub fn validate(&self, seats: u8) -> Result<(), &'static str> {
        if self.over_step <= 0 || self.bust_step <= 0 {
            return Err("`over_step` and `bust_step` must be positive");
        }
        let falling = |r: &[i32]| r.iter().sum::<i32>() == 0 && r.windows(2).all(|w| w[0] >= w[1]);
        if !falling(self.rank_kubi.as_slice()) || !falling(self.rank.as_slice()) {
            return Err("`rank_kubi` and `rank` must sum to 0, falling from 1st to last");
        }
        if [self.rank_kubi, self.rank].iter().any(|r| r.as_slice().len() != usize::from(seats)) {
            return Err("`rank_kubi` and `rank` need one value per seat");
        }
        if self.cutbi.is_some() && seats != 3 {
            return Err("cut-bi is a three-seat rule (its sit-out is always HomeRun)");
        }
        if let Some(c) = self.cutbi
            && (c.homerun < 1 || c.busted < 1 || c.two_busted < 1)
        {
            return Err("the cut-bi multipliers must be at least 1");
        }
        Ok(())
    }
}
