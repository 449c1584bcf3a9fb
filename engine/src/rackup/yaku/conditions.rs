//! The yaku conditions and the scoring rules, as one pure function of the log.

use super::{POINT_CAP, ScoreRules, Tier, Verdict, YAKUMAN, YAKUMAN_POINTS, Yaku, YakuResult};
use crate::rackup::log::{
    BarricadeAct, Decl, Distance, DoraKind, Event, Flight, Hit, RoundEnd, RoundLog, SeatFlags, ShotRecord, StunCause,
};

/// Normal actions a yaku "合計３回以上通常行動して" needs.
const MIN_ACTIONS: u8 = 3;

/// Facts about the round gathered in one pass over the log.
#[derive(Default)]
struct Facts {
    /// Non-void damage kinds the loser took, as bits `1 << Hit as u8`.
    loser_hits: u8,
    /// The loser's damaging hits that were not self ring-outs, in order (first 16).
    loser_seq: [Hit; 16],
    loser_seq_len: usize,
    winner_damaged: bool,
    actions: [u8; 2],
    winner_barricade_use: bool,
    winner_crossed: bool,
    winner_direction_change: bool,
    any_contact: bool,
    first_active_initiative: Option<u8>,
    winner_normal_before_finish: bool,
    rear_run_normal: u8,
    rear_run_normal_best: u8,
    rear_run_all: u8,
    winner_shots: u8,
    winner_self_out: bool,
    clinch: bool,
    winner_stun_any: bool,
    winner_stun_pure: bool,
    winner_kans: u8,
    winner_held: i16,
    kan_then_recover: bool,
    awaiting_after_kan: bool,
    winner_first_counter: Option<(usize, bool)>,
    loser_hp_before_finish: u8,
    loser_hp_when_winner_at_one: Option<u8>,
    omote_kan: [u8; 7],
    ura: [u8; 7],
}

fn gather(log: &RoundLog, w: u8, l: u8, finish: usize) -> Facts {
    let (wi, li) = (w as usize, l as usize);
    let mut f = Facts { winner_held: log.barricades as i16, loser_hp_before_finish: log.max_hp, ..Facts::default() };
    let mut hp = [log.max_hp; 2];
    for (i, event) in log.events().iter().enumerate() {
        // Only dora dice are read past the finishing shot (ura dora follow it).
        if i > finish && !matches!(event, Event::Dora { .. }) {
            continue;
        }
        match *event {
            Event::Dora { kind, face, .. } => {
                let slot = face.min(6) as usize;
                match kind {
                    DoraKind::Omote | DoraKind::Kan => f.omote_kan[slot] += 1,
                    DoraKind::Ura | DoraKind::UraKan => f.ura[slot] += 1,
                }
            }
            Event::Shot(ref s) => gather_shot(&mut f, s, wi, li, i == finish, &mut hp),
            Event::Barricade { seat, act } => {
                f.actions[seat as usize] += 1;
                if seat == w {
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
            }
            Event::Kan { seat } if seat == w => {
                f.winner_kans += 1;
                f.winner_held -= 2;
                f.awaiting_after_kan = true;
            }
            Event::Counter { seat, last } if seat == w => {
                f.winner_held -= 1;
                if f.winner_first_counter.is_none() {
                    f.winner_first_counter = Some((i, last));
                }
            }
            Event::Stun { seat, cause } if seat == w => {
                f.winner_stun_any = true;
                f.winner_stun_pure |= cause == StunCause::Overturned;
            }
            _ => {}
        }
    }
    f
}

fn gather_shot(f: &mut Facts, s: &ShotRecord, wi: usize, li: usize, last: bool, hp: &mut [u8; 2]) {
    if last {
        f.loser_hp_before_finish = hp[li];
    }
    let lh = s.hit[li];
    if lh != Hit::None {
        f.loser_hits |= 1 << lh as u8;
        if lh != Hit::SelfOut && f.loser_seq_len < f.loser_seq.len() {
            f.loser_seq[f.loser_seq_len] = lh;
            f.loser_seq_len += 1;
        }
    }
    f.winner_damaged |= s.hit[wi] != Hit::None;
    f.winner_self_out |= s.hit[wi] == Hit::SelfOut;
    f.any_contact |= s.contact;
    f.clinch |= s.clinch;
    if hp[wi] > 1 && s.hp[wi] == 1 {
        f.loser_hp_when_winner_at_one = Some(s.hp[li]);
    }
    *hp = s.hp;
    let wf = s.flags[wi];
    let rear = wf.has(SeatFlags::REAR);
    if s.active {
        if f.first_active_initiative.is_none() {
            f.first_active_initiative = Some(s.seat);
        }
    } else {
        f.actions[s.seat as usize] += 1;
    }
    let winners_shot = s.active || s.seat as usize == wi;
    if winners_shot {
        f.winner_shots += 1;
        f.winner_crossed |= wf.has(SeatFlags::CROSSED_CENTRE);
        f.rear_run_all = if rear { f.rear_run_all + 1 } else { 0 };
    }
    if !s.active && s.seat as usize == wi {
        if !last {
            f.winner_normal_before_finish = true;
        }
        f.winner_direction_change |= wf.has(SeatFlags::DIRECTION_CHANGE);
        f.rear_run_normal = if rear { f.rear_run_normal + 1 } else { 0 };
        f.rear_run_normal_best = f.rear_run_normal_best.max(f.rear_run_normal);
        f.awaiting_after_kan = false;
    }
}

/// Whether `seq` contains `pattern` as a subsequence (each element matched by `fits`).
fn has_subsequence(seq: &[Hit], pattern: &[fn(Hit) -> bool]) -> bool {
    let mut k = 0;
    for &h in seq {
        if k < pattern.len() && pattern[k](h) {
            k += 1;
        }
    }
    k == pattern.len()
}

/// The loser's damage was only of `kind` (self ring-outs allowed) and included it.
fn only(f: &Facts, kind: Hit) -> bool {
    let allowed = (1u8 << kind as u8) | (1 << Hit::SelfOut as u8);
    f.loser_hits & (1 << kind as u8) != 0 && f.loser_hits & !allowed == 0
}

/// Decides the yaku and the score of a finished round from its log.
///
/// Pure: the same log always gives the same result. The log must end with the
/// finishing shot and, after a riichi win, the ura dora rolls.
pub fn evaluate(log: &RoundLog, rules: &ScoreRules) -> YakuResult {
    let end = log.end();
    let (w, l, fi) = match end {
        RoundEnd::Won { winner, loser, finish } => (winner, loser, finish as usize),
        RoundEnd::Mutual => {
            return YakuResult { end, verdict: Verdict::Mutual, ..Default::default() };
        }
        RoundEnd::Open => return YakuResult::default(),
    };
    let Event::Shot(fs) = log.events()[fi] else { unreachable!("finish indexes a shot") };
    let f = gather(log, w, l, fi);
    let (wi, li) = (w as usize, l as usize);
    let finish = fs.hit[li];
    let wf = fs.flags[wi];
    let lf = fs.flags[li];
    let own_normal = !fs.active && fs.seat == w;
    let riichi_win = fs.decl[wi] == Decl::Riichi;
    let mut v = [0u8; Yaku::COUNT];
    let mut yakuman = 0u64;
    let mut award = |y: Yaku, points: u8| v[y as usize] = points;

    let double = own_normal
        && riichi_win
        && f.first_active_initiative == Some(w)
        && !f.winner_normal_before_finish
        && f.actions[li] == 0;
    if own_normal && riichi_win {
        award(if double { Yaku::DaburuRiichi } else { Yaku::Riichi }, if double { 2 } else { 1 });
    }
    for (yaku, kind, points) in [
        (Yaku::Ichigeki, Hit::FlipOutFull, 1),
        (Yaku::Nidatsu, Hit::FlipOutPartial, 2),
        (Yaku::Nibaku, Hit::MineHit, 1),
        (Yaku::Pinzoro, Hit::BeatHit, 6),
        (Yaku::Ikkiuchi, Hit::ActiveOut, 3),
    ] {
        if only(&f, kind) {
            award(yaku, points);
        }
    }
    if f.actions == [0, 0] {
        award(Yaku::Deochi, 1);
    }
    if fs.mines_out > 0 {
        award(Yaku::Tanbaku, fs.mines_out);
    }
    if own_normal && fs.broken > 0 {
        award(Yaku::Hakai, fs.broken);
    }
    if finish == Hit::FlipOutFull && f.loser_hp_before_finish == 1 {
        award(Yaku::Hakoware, 1);
    }
    let chokugeki = lf.has(SeatFlags::BODY_HIT);
    if chokugeki {
        award(Yaku::Chokugeki, 1);
    }
    let enough = f.actions[wi] >= MIN_ACTIONS;
    if enough && !f.winner_barricade_use {
        award(Yaku::Mujun, 1);
    }
    let in_field = matches!(finish, Hit::BeatHit | Hit::MineHit);
    if in_field && lf.has(SeatFlags::TURNED_OVER) {
        award(Yaku::Tenpuku, 1);
    }
    if in_field && wf.has(SeatFlags::CLIMB) {
        award(Yaku::Touchou, 2);
    }
    if enough && !f.winner_crossed {
        award(Yaku::Hanba, 2);
    }
    if own_normal && wf.has(SeatFlags::TWO_MINES) {
        award(Yaku::Shoudan, 2);
    }
    if own_normal && fs.decl[wi] == Decl::Snipe && finish == Hit::BeatHit {
        let points = if fs.distance >= Distance::Far { 3 } else { 1 };
        award(Yaku::Sogeki, points);
    }
    if own_normal && wf.has(SeatFlags::HALF_TURN) {
        award(Yaku::Yuugekishu, if wf.has(SeatFlags::LANDED) { 3 } else { 1 });
    }
    if enough && !f.winner_damaged {
        award(Yaku::Kanpuu, 2);
    }
    if fs.hp[wi] == 1 && f.loser_hp_when_winner_at_one == Some(log.max_hp) {
        award(Yaku::Daigyakuten, 3);
    }
    if own_normal && finish.is_flip_out() && lf.has(SeatFlags::VIA_MINE) && !fs.contact {
        award(Yaku::Dameoshi, 3);
    }
    if enough && !f.winner_direction_change {
        award(Yaku::Chototsumoushin, 3);
    }
    if fs.active && riichi_win && fs.contact {
        award(Yaku::AkutibuRiichi, if fs.hit[wi] == Hit::SelfOut { 1 } else { 3 });
    }
    let knocked_out = finish.is_flip_out() || finish == Hit::ActiveOut;
    if (own_normal || fs.active) && fs.decl[wi] == Decl::Meteor && knocked_out && !chokugeki {
        match fs.flight {
            Flight::Short => {}
            Flight::Small => award(Yaku::Ryuusei, 1),
            Flight::Medium => award(Yaku::Ryuusei, 3),
            Flight::Large => {
                award(Yaku::Ryuusei, YAKUMAN_POINTS);
                yakuman |= 1 << Yaku::Ryuusei as u64;
            }
        }
    }
    let seq = &f.loser_seq[..f.loser_seq_len];
    let beat = |h: Hit| h == Hit::BeatHit;
    let mine = |h: Hit| h == Hit::MineHit;
    if has_subsequence(seq, &[beat, mine, Hit::is_flip_out]) {
        award(Yaku::Shousangen, 3);
    }
    if has_subsequence(seq, &[beat, beat, mine, |h| h == Hit::FlipOutFull]) {
        award(Yaku::Daisangen, YAKUMAN_POINTS);
    }
    if f.rear_run_normal_best >= 3 {
        award(Yaku::Sananshou, 3);
    }
    if (own_normal || fs.active) && f.rear_run_all >= 4 {
        award(Yaku::Suuanshou, YAKUMAN_POINTS);
    }
    if f.winner_self_out && f.clinch && f.winner_stun_any {
        award(Yaku::Kokushimusou, 3);
    }
    if f.winner_self_out && f.clinch && f.winner_stun_pure {
        award(Yaku::JunseiKokushimusou, YAKUMAN_POINTS);
    }
    let own_counter = fs.active && fs.counter_by == Some(w);
    if own_counter && fs.contact {
        award(Yaku::Kaisei, 3);
    }
    if own_counter && finish == Hit::ActiveOut {
        // The finishing active shoot must come from the winner's first counter
        // blow, declared with the last barricade in hand.
        let first_is_this = f
            .winner_first_counter
            .is_some_and(|(i, last)| last && !log.events()[i + 1..fi].iter().any(|e| matches!(e, Event::Shot(_))));
        if first_is_this {
            award(Yaku::Kishikaisei, YAKUMAN_POINTS);
        }
    }
    if f.winner_kans >= 2 && f.winner_held >= 2 && !f.kan_then_recover {
        award(Yaku::Ryankantsu, YAKUMAN_POINTS);
    }
    if enough && !f.any_contact {
        award(Yaku::Kyoukasuigetsu, YAKUMAN_POINTS);
    }
    if f.actions[li] == 0 && f.winner_shots >= 9 {
        award(Yaku::Chuurendantou, YAKUMAN_POINTS);
    }
    if finish == Hit::SelfOut && !(fs.active && fs.contact) {
        award(Yaku::Boketsu, log.round);
    }
    for y in YAKUMAN {
        if v[y as usize] > 0 {
            yakuman |= 1 << y as u64;
        }
    }
    score(v, yakuman, &f, finish, riichi_win, rules, end)
}

/// Applies the combination rules, dora and the cap.
fn score(
    mut v: [u8; Yaku::COUNT],
    mut yakuman: u64,
    f: &Facts,
    finish: Hit,
    riichi_win: bool,
    rules: &ScoreRules,
    end: RoundEnd,
) -> YakuResult {
    if v[Yaku::Boketsu as usize] > 0 {
        // 墓穴 overrides every other yaku, yakuman included.
        let b = v[Yaku::Boketsu as usize];
        v = [0; Yaku::COUNT];
        v[Yaku::Boketsu as usize] = b;
        yakuman = 0;
    } else if yakuman != 0 {
        for (i, x) in v.iter_mut().enumerate() {
            if yakuman & (1 << i) == 0 {
                *x = 0;
            }
        }
    }
    let base = YakuResult { end, finish, riichi_win, ..Default::default() };
    if v.iter().all(|&x| x == 0) {
        return YakuResult { verdict: Verdict::NoYaku, ..base };
    }
    let (dora, ura, points) = if yakuman != 0 {
        let n = yakuman.count_ones() as u8;
        (0, 0, if rules.stack_yakuman { n * YAKUMAN_POINTS } else { YAKUMAN_POINTS })
    } else {
        let face = finish.dora_face().map_or(0, usize::from);
        let omote = f.omote_kan[face];
        let ura = if riichi_win { f.ura[face] } else { 0 };
        let sum: u32 = v.iter().map(|&x| u32::from(x)).sum::<u32>() + u32::from(omote + ura);
        (omote + ura, ura, sum.min(u32::from(POINT_CAP)) as u8)
    };
    YakuResult { verdict: Verdict::Win, values: v, yakuman, dora, ura, points, tier: Tier::of(points), ..base }
}
