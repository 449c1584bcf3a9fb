//! The yaku conditions and the scoring rules, as one pure function of the log.

use super::points::DAI_RYUUSEI;
use super::{ScoreRules, Verdict, YAKUMAN, Yaku, YakuResult};
use crate::rackup::log::{
    BarricadeAct, Decl, Distance, DoraKind, Event, Hit, RoundEnd, RoundLog, SeatFlags, ShotKind, ShotRecord, StunCause,
};
use crate::rackup::readings::{Kishikaisei, MujunScope, Tenpuku};

/// Normal actions a yaku "合計３回以上通常行動して" needs.
const MIN_ACTIONS: u8 = 3;

/// Hit kinds as bits `1 << Hit as u8`.
const fn bit(h: Hit) -> u8 {
    1 << h as u8
}

/// A hit pattern for a greedy subsequence match: step `k`'s set of hit
/// [`bit`]s in bits `8k..8k+8`, nothing past the last step.
const fn pattern(steps: &[u8]) -> u64 {
    let mut packed = 0;
    let mut k = 0;
    while k < steps.len() {
        packed |= (steps[k] as u64) << (8 * k);
        k += 1;
    }
    packed
}

/// 小三元: beat, mine, flip-out, in that order.
const SHOUSANGEN: u64 =
    pattern(&[bit(Hit::BeatHit), bit(Hit::MineHit), bit(Hit::FlipOutPartial) | bit(Hit::FlipOutFull)]);
const SHOUSANGEN_STEPS: u8 = 3;
/// 大三元: beat, beat, mine, full flip-out, in that order.
const DAISANGEN: u64 = pattern(&[bit(Hit::BeatHit), bit(Hit::BeatHit), bit(Hit::MineHit), bit(Hit::FlipOutFull)]);
const DAISANGEN_STEPS: u8 = 4;

/// The next state of a greedy subsequence match (greedy is exact for
/// subsequences): `k` steps of `pattern` are matched, `hit` may match the next.
fn advance(k: u8, pattern: u64, hit: Hit) -> u8 {
    k + u8::from((pattern >> (8 * u32::from(k))) as u8 & bit(hit) != 0)
}

/// Facts about the round gathered in one pass over the log.
#[derive(Default)]
struct Facts {
    /// Damage kinds the loser took, as [`bit`]s (self ring-outs included).
    loser_hits: u8,
    /// Damage kinds the winner took, as [`bit`]s (bit 0: a shot without damage).
    winner_hits: u8,
    /// Steps of [`SHOUSANGEN`] and [`DAISANGEN`] matched by the loser's hits.
    shousangen: u8,
    daisangen: u8,
    /// Normal actions per seat.
    actions: [u8; 2],
    winner_barricade_use: bool,
    winner_crossed: bool,
    winner_direction_change: bool,
    /// Kinds of W's normal shots, as [`ShotKind::bit`]s.
    winner_kinds: u16,
    any_contact: bool,
    first_active_initiative: Option<u8>,
    winner_normal_before_finish: bool,
    rear_run_normal: u8,
    rear_run_normal_best: u8,
    rear_run_all: u8,
    winner_shots: u8,
    clinch: bool,
    winner_stun_any: bool,
    winner_stun_pure: bool,
    winner_kans: u8,
    winner_held: i16,
    kan_then_recover: bool,
    awaiting_after_kan: bool,
    /// The counter blow that 起死回生 reads (the first of the round, or the
    /// latest under `kishikaisei = "any"`): its index and whether it used the
    /// last barricade.
    winner_counter: Option<(usize, bool)>,
    /// The loser's machine lies overturned (転覆 under `tenpuku = "lying"`).
    loser_lying: bool,
    /// HP per seat after the shots read so far.
    hp: [u8; 2],
    loser_hp_before_finish: u8,
    loser_hp_when_winner_at_one: Option<u8>,
    /// Dora points of the finishing move: 表 and 槓, then 裏 and 裏槓.
    omote_kan: u8,
    ura: u8,
}

impl Facts {
    fn winner_self_out(&self) -> bool {
        self.winner_hits & bit(Hit::SelfOut) != 0
    }

    /// The loser's damage was only of `kind` (self ring-outs allowed) and included it.
    fn only(&self, kind: Hit) -> bool {
        let allowed = bit(kind) | bit(Hit::SelfOut);
        self.loser_hits & bit(kind) != 0 && self.loser_hits & !allowed == 0
    }

    /// Reads one shot (`w`, `l`: winner and loser seats).
    #[inline(always)]
    fn shot(&mut self, s: &ShotRecord, w: u8, l: u8) {
        let (wi, li) = (w as usize, l as usize);
        let lh = s.hit[li];
        if lh != Hit::None {
            self.loser_hits |= bit(lh);
            self.shousangen = advance(self.shousangen, SHOUSANGEN, lh);
            self.daisangen = advance(self.daisangen, DAISANGEN, lh);
        }
        self.winner_hits |= bit(s.hit[wi]);
        self.any_contact |= s.contact;
        self.clinch |= s.clinch;
        if self.hp[wi] > 1 && s.hp[wi] == 1 {
            self.loser_hp_when_winner_at_one = Some(s.hp[li]);
        }
        self.hp = s.hp;
        let wf = s.flags[wi];
        let rear = wf.has(SeatFlags::REAR);
        let winners_normal = !s.active && s.seat == w;
        // A shot of the loser's, or an active shoot, rights its machine.
        self.loser_lying &= !s.active && s.seat == w;
        if s.active {
            if self.first_active_initiative.is_none() {
                self.first_active_initiative = Some(s.seat);
            }
        } else {
            self.actions[s.seat as usize] += 1;
            if !winners_normal {
                return;
            }
        }
        self.winner_shots += 1;
        self.winner_crossed |= wf.has(SeatFlags::CROSSED_CENTRE);
        self.rear_run_all = if rear { self.rear_run_all + 1 } else { 0 };
        if winners_normal {
            self.winner_normal_before_finish = true;
            self.winner_direction_change |= wf.has(SeatFlags::DIRECTION_CHANGE);
            self.winner_kinds |= s.kind.bit();
            self.rear_run_normal = if rear { self.rear_run_normal + 1 } else { 0 };
            self.rear_run_normal_best = self.rear_run_normal_best.max(self.rear_run_normal);
            self.awaiting_after_kan = false;
        }
    }

    /// Counts a dora die showing `rolled` when it names the finishing move (`face`).
    fn dora(&mut self, kind: DoraKind, rolled: u8, face: u8) {
        let point = u8::from(rolled.min(6) == face);
        match kind {
            DoraKind::Omote | DoraKind::Kan => self.omote_kan += point,
            DoraKind::Ura | DoraKind::UraKan => self.ura += point,
        }
    }
}

/// Gathers the facts up to the finishing shot `finish` (and the dora dice
/// after it) for winner `w` and loser `l`; `face` is the finishing move's dora
/// face.
fn gather(log: &RoundLog, rules: &ScoreRules, w: u8, l: u8, finish: usize, face: u8) -> Facts {
    let mut f = Facts { winner_held: log.barricades as i16, hp: log.max_hp, ..Facts::default() };
    let events = log.events();
    for (i, event) in events[..finish].iter().enumerate() {
        // Shots first: most events are shots.
        if let Event::Shot(ref s) = *event {
            f.shot(s, w, l);
            continue;
        }
        match *event {
            Event::Dora { kind, face: rolled, .. } => f.dora(kind, rolled, face),
            Event::Barricade { seat, act } => {
                f.actions[seat as usize] += 1;
                if seat != w {
                    f.loser_lying = false;
                    continue;
                }
                f.winner_normal_before_finish = true;
                match act {
                    BarricadeAct::Place | BarricadeAct::Step => {
                        f.winner_barricade_use = true;
                        f.winner_held -= 1;
                    }
                    BarricadeAct::Recover(n) => {
                        f.winner_held += n as i16;
                        f.kan_then_recover |= f.awaiting_after_kan;
                    }
                }
                f.awaiting_after_kan = false;
            }
            Event::Kan { seat } if seat == w => {
                f.winner_kans += 1;
                f.winner_held -= 2;
                f.awaiting_after_kan = true;
            }
            Event::Counter { seat, last } if seat == w => {
                f.winner_held -= 1;
                if f.winner_counter.is_none() || rules.kishikaisei == Kishikaisei::Any {
                    f.winner_counter = Some((i, last));
                }
            }
            Event::Stun { seat, cause } if seat == w => {
                f.winner_stun_any = true;
                f.winner_stun_pure |= cause == StunCause::Overturned;
            }
            Event::Stun { cause: StunCause::Overturned, .. } => f.loser_lying = true,
            _ => {}
        }
    }
    f.loser_hp_before_finish = f.hp[l as usize];
    // Lying before the finishing shot (which keeps it so: it is the winner's).
    f.loser_lying &= rules.tenpuku == Tenpuku::Lying;
    let Event::Shot(ref s) = events[finish] else { unreachable!("finish indexes a shot") };
    // The finishing shot itself is not a normal action "before" it.
    let before = f.winner_normal_before_finish;
    f.shot(s, w, l);
    f.winner_normal_before_finish = before;
    // Only dora dice are read past the finishing shot (ura dora follow it).
    for event in &events[finish + 1..] {
        if let Event::Dora { kind, face: rolled, .. } = *event {
            f.dora(kind, rolled, face);
        }
    }
    f
}

/// The yaku awarded so far: their points written into the result, and their bits.
struct Awards<'a> {
    values: &'a mut [u8; Yaku::COUNT],
    /// Which of its values each yaku was awarded.
    variant: &'a mut [u8; Yaku::COUNT],
    rules: &'a ScoreRules,
    /// Awarded yaku as bits `1 << Yaku as usize`.
    bits: u64,
}

impl Awards<'_> {
    /// Awards `yaku` its `value`-th point value (a value of 0 points is taken
    /// back by [`Awards::awarded`]).
    #[inline(always)]
    fn award(&mut self, yaku: Yaku, value: usize) {
        self.variant[yaku as usize] = value as u8;
        self.award_points(yaku, self.rules.points(yaku, value));
    }

    /// Awards `yaku` its points `times` over (断爆 per mine, 破壊 per barricade,
    /// 墓穴 per round number; `times` > 0).
    fn award_times(&mut self, yaku: Yaku, times: u8) {
        self.award_points(yaku, self.rules.points(yaku, 0).saturating_mul(times));
    }

    #[inline(always)]
    fn award_points(&mut self, yaku: Yaku, points: u8) {
        self.values[yaku as usize] = points;
        self.bits |= 1 << yaku as u64;
    }

    /// Whether the `value`-th value of `yaku` scores (is not set to 0 points).
    fn scores(&self, yaku: Yaku, value: usize) -> bool {
        self.rules.points(yaku, value) > 0
    }

    /// The awarded yaku as bits, those worth 0 points left out. Only yaku
    /// with a value of 0 in the profile are looked at, so the shipped profile
    /// pays one test.
    #[inline(always)]
    fn awarded(&self) -> u64 {
        let mut bits = self.bits;
        let mut check = bits & self.rules.zero;
        while check != 0 {
            let y = check.trailing_zeros();
            if self.values[y as usize] == 0 {
                bits &= !(1 << y);
            }
            check &= check - 1;
        }
        bits
    }
}

/// Decides the yaku and the score of a finished round from its log.
///
/// Pure: the same log always gives the same result. The log must end with the
/// finishing shot and, after a riichi win, the ura dora rolls.
pub fn evaluate(log: &RoundLog, rules: &ScoreRules) -> YakuResult {
    let mut result = YakuResult::default();
    evaluate_into(log, log.end(), rules, &mut result);
    result
}

/// [`evaluate`] for a log that ended as `end` (its [`RoundLog::end`], which
/// the caller knows already), written into `result` (saves copying it out).
pub(crate) fn evaluate_into(log: &RoundLog, end: RoundEnd, rules: &ScoreRules, result: &mut YakuResult) {
    let (w, l, fi) = match end {
        RoundEnd::Won { winner, loser, finish } => (winner, loser, finish as usize),
        RoundEnd::Mutual => {
            *result = YakuResult { end, verdict: Verdict::Mutual, ..Default::default() };
            return;
        }
        RoundEnd::Open => {
            *result = YakuResult::default();
            return;
        }
    };
    let Event::Shot(ref fs) = log.events()[fi] else { unreachable!("finish indexes a shot") };
    let (wi, li) = (w as usize, l as usize);
    let finish = fs.hit[li];
    let f = gather(log, rules, w, l, fi, finish.dora_face().unwrap_or(0));
    let wf = fs.flags[wi];
    let lf = fs.flags[li];
    let own_normal = !fs.active && fs.seat == w;
    let riichi_win = fs.decl[wi] == Decl::Riichi;
    *result = YakuResult { end, finish, riichi_win, ..Default::default() };
    let mut a = Awards { values: &mut result.values, variant: &mut result.variant, rules, bits: 0 };

    let double = own_normal
        && riichi_win
        && f.first_active_initiative == Some(w)
        && !f.winner_normal_before_finish
        && f.actions[li] == 0;
    if own_normal && riichi_win {
        // A 0-point 二重立直 leaves the win a plain 立直.
        let yaku = if double && a.scores(Yaku::DaburuRiichi, 0) { Yaku::DaburuRiichi } else { Yaku::Riichi };
        a.award(yaku, 0);
    }
    for (yaku, kind) in [
        (Yaku::Ichigeki, Hit::FlipOutFull),
        (Yaku::Nidatsu, Hit::FlipOutPartial),
        (Yaku::Nibaku, Hit::MineHit),
        (Yaku::Pinzoro, Hit::BeatHit),
        (Yaku::Ikkiuchi, Hit::ActiveOut),
    ] {
        if f.only(kind) {
            a.award(yaku, 0);
        }
    }
    if f.actions == [0, 0] {
        a.award(Yaku::Deochi, 0);
    }
    if fs.mines_out > 0 {
        a.award_times(Yaku::Tanbaku, fs.mines_out);
    }
    if own_normal && fs.broken > 0 {
        a.award_times(Yaku::Hakai, fs.broken);
    }
    if finish == Hit::FlipOutFull && f.loser_hp_before_finish == 1 {
        a.award(Yaku::Hakoware, 0);
    }
    // A 0-point 直撃 does not stop 流星.
    let chokugeki = lf.has(SeatFlags::BODY_HIT) && a.scores(Yaku::Chokugeki, 0);
    if chokugeki {
        a.award(Yaku::Chokugeki, 0);
    }
    let enough = f.actions[wi] >= MIN_ACTIONS;
    let used_before = rules.mujun == MujunScope::Match && log.barricade_used_before[wi];
    if enough && !f.winner_barricade_use && !used_before {
        a.award(Yaku::Mujun, 0);
    }
    let in_field = matches!(finish, Hit::BeatHit | Hit::MineHit);
    if in_field && (lf.has(SeatFlags::TURNED_OVER) || f.loser_lying) {
        a.award(Yaku::Tenpuku, 0);
    }
    if in_field && fs.kind == ShotKind::Ride && wf.has(SeatFlags::CLIMB) {
        a.award(Yaku::Touchou, 0);
    }
    // 半場, 猪突猛進 and 鏡花水月 reward a way of playing: every normal shot of
    // W's was of its kind.
    let all_shots = |kind: ShotKind| f.winner_kinds == kind.bit();
    if enough && all_shots(ShotKind::Half) && !f.winner_crossed {
        a.award(Yaku::Hanba, 0);
    }
    if own_normal && fs.kind == ShotKind::Mine && wf.has(SeatFlags::TWO_MINES) {
        a.award(Yaku::Shoudan, 0);
    }
    if own_normal && fs.decl[wi] == Decl::Snipe && finish == Hit::BeatHit {
        // Values: 50 cm, 100 cm.
        a.award(Yaku::Sogeki, usize::from(fs.distance >= Distance::Far));
    }
    if own_normal && fs.kind == ShotKind::Jump && wf.has(SeatFlags::HALF_TURN) {
        // Values: landed, not landed.
        a.award(Yaku::Yuugekishu, usize::from(!wf.has(SeatFlags::LANDED)));
    }
    if enough && f.winner_hits & !bit(Hit::None) == 0 {
        a.award(Yaku::Kanpuu, 0);
    }
    if fs.hp[wi] == 1 && f.loser_hp_when_winner_at_one == Some(log.max_hp[li]) {
        a.award(Yaku::Daigyakuten, 0);
    }
    if own_normal && finish.is_flip_out() && lf.has(SeatFlags::VIA_MINE) && !fs.contact {
        a.award(Yaku::Dameoshi, 0);
    }
    if enough && all_shots(ShotKind::Charge) && !f.winner_direction_change {
        a.award(Yaku::Chototsumoushin, 0);
    }
    if fs.active && riichi_win && fs.contact {
        // Values: without, with the winner's self ring-out.
        a.award(Yaku::AkutibuRiichi, usize::from(fs.hit[wi] == Hit::SelfOut));
    }
    let knocked_out = finish.is_flip_out() || finish == Hit::ActiveOut;
    let mut yakuman = 0u64;
    if (own_normal || fs.active) && fs.decl[wi] == Decl::Meteor && knocked_out && !chokugeki {
        // Values: 小, 中, 大流星, for `Flight::Small`, `Medium`, `Large`.
        if let Some(value) = (fs.flight as usize).checked_sub(1) {
            a.award(Yaku::Ryuusei, value);
            if value == DAI_RYUUSEI {
                yakuman = 1 << Yaku::Ryuusei as u64;
            }
        }
    }
    if f.shousangen == SHOUSANGEN_STEPS {
        a.award(Yaku::Shousangen, 0);
    }
    if f.daisangen == DAISANGEN_STEPS {
        a.award(Yaku::Daisangen, 0);
    }
    if f.rear_run_normal_best >= 3 {
        a.award(Yaku::Sananshou, 0);
    }
    if (own_normal || fs.active) && f.rear_run_all >= 4 {
        a.award(Yaku::Suuanshou, 0);
    }
    if f.winner_self_out() && f.clinch && f.winner_stun_any {
        a.award(Yaku::Kokushimusou, 0);
    }
    if f.winner_self_out() && f.clinch && f.winner_stun_pure {
        a.award(Yaku::JunseiKokushimusou, 0);
    }
    let own_counter = fs.active && fs.counter_by == Some(w);
    if own_counter && fs.contact {
        a.award(Yaku::Kaisei, 0);
    }
    if own_counter && finish == Hit::ActiveOut {
        // The finishing active shoot must come from the counter blow read (the
        // winner's first of the round, or the latest), declared with the last
        // barricade in hand.
        let this_one = f
            .winner_counter
            .is_some_and(|(i, last)| last && !log.events()[i + 1..fi].iter().any(|e| matches!(e, Event::Shot(_))));
        if this_one {
            a.award(Yaku::Kishikaisei, 0);
        }
    }
    if f.winner_kans >= 2 && f.winner_held >= 2 && !f.kan_then_recover {
        a.award(Yaku::Ryankantsu, 0);
    }
    if enough && all_shots(ShotKind::Safe) && !f.any_contact {
        a.award(Yaku::Kyoukasuigetsu, 0);
    }
    if f.actions[li] == 0 && f.winner_shots >= 9 {
        a.award(Yaku::Chuurendantou, 0);
    }
    if finish == Hit::SelfOut && !(fs.active && fs.contact) {
        a.award_times(Yaku::Boketsu, log.round);
    }
    let awarded = a.awarded();
    yakuman = (yakuman | YAKUMAN_BITS) & awarded;
    score(result, awarded, yakuman, &f, rules);
}

/// [`YAKUMAN`] as bits `1 << Yaku as usize`.
const YAKUMAN_BITS: u64 = {
    let mut bits = 0;
    let mut i = 0;
    while i < YAKUMAN.len() {
        bits |= 1 << YAKUMAN[i] as u64;
        i += 1;
    }
    bits
};

/// Applies the combination rules, dora and the cap to `r`, whose values hold
/// the `awarded` yaku (of them `yakuman`).
fn score(r: &mut YakuResult, mut awarded: u64, mut yakuman: u64, f: &Facts, rules: &ScoreRules) {
    let v = &mut r.values;
    if v[Yaku::Boketsu as usize] > 0 {
        // 墓穴 overrides every other yaku, yakuman included.
        let b = v[Yaku::Boketsu as usize];
        *v = [0; Yaku::COUNT];
        v[Yaku::Boketsu as usize] = b;
        awarded = 1 << Yaku::Boketsu as u64;
        yakuman = 0;
    } else if yakuman != 0 {
        let mut dropped = awarded & !yakuman;
        while dropped != 0 {
            v[dropped.trailing_zeros() as usize] = 0;
            dropped &= dropped - 1;
        }
        awarded = yakuman;
    }
    if awarded == 0 {
        r.verdict = Verdict::NoYaku;
        return;
    }
    if yakuman != 0 {
        // Only the yakuman's values are left.
        r.points = if rules.stack_yakuman {
            v.iter().fold(0, |sum: u8, &x| sum.saturating_add(x))
        } else {
            v.iter().copied().max().unwrap_or(0)
        };
    } else {
        r.ura = if r.riichi_win { f.ura } else { 0 };
        r.dora = f.omote_kan + r.ura;
        let sum: u32 = v.iter().map(|&x| u32::from(x)).sum::<u32>() + u32::from(r.dora);
        r.points = sum.min(u32::from(rules.cap)) as u8;
    }
    r.verdict = Verdict::Win;
    r.awarded_bits = awarded;
    r.yakuman = yakuman;
    r.tier = rules.tiers.of(r.points);
}
