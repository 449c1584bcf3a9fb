//! How far the cut-bi answer depends on the measure, the state timing and the bots: the
//! `chips_sensitivity` table and the verdict sentences of `sim mahjong chips`. For each bot
//! model, each compared arm (one per state timing, GOTO-SPEC G-B3) is set against the same
//! model's base on six measures — typical swings (mean |chips| and sd per
//! game, sd and mean |result| per session) and session-loss tails (the chance to lose more
//! than 100 or 200 in a session) — each as a paired ratio with its 95% interval, and the
//! verdict names the range each group spans instead of one yes/no.

use super::{ArmAcc, BotModel, ChipsAcc, ChipsParams};
use crate::output::StudyOutput;
use crate::paired::Paired;
use crate::stats::Interval;
use anyhow::Result;
use engine::mahjong::chips::Timing;
use polars::prelude::*;
use std::fmt::Write as _;

/// The seed's claim for cut-bi: "about 1.5–2×" the chips moved.
const CLAIM: (f64, f64) = (1.5, 2.0);

/// One arm of the study: its name and, when it has cut-bi, the state timing it reads.
#[derive(Clone, Debug)]
pub struct Arm {
    /// The arm's name (its rules, and the timing when swapped).
    pub name: String,
    /// The cut-bi state timing, `None` without cut-bi.
    pub timing: Option<Timing>,
}

/// A timing's name in tables and arm names.
pub fn timing_label(t: Timing) -> &'static str {
    match t {
        Timing::StartOfHand => "start_of_hand",
        Timing::EndOfHand => "end_of_hand",
    }
}

/// What a measure reads from an arm: the paired sums (x the arm, y the base) and whether
/// the measure is their square root (a standard deviation from mean squares).
struct Measure {
    name: &'static str,
    group: Group,
    sums: fn(&ArmAcc) -> &Paired,
    root: bool,
    session: bool,
}

/// Typical swings or session-loss tails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// Spread of chips per game or per session.
    Typical,
    /// The chance of a large session loss.
    Tail,
}

impl Group {
    fn name(self) -> &'static str {
        match self {
            Group::Typical => "typical",
            Group::Tail => "tail",
        }
    }
}

const MEASURES: [Measure; 6] = [
    Measure { name: "mean_abs_chips_per_game", group: Group::Typical, sums: |a| &a.moved, root: false, session: false },
    Measure { name: "sd_per_game", group: Group::Typical, sums: |a| &a.squares, root: true, session: false },
    Measure { name: "sd_per_session", group: Group::Typical, sums: |a| &a.session_squares, root: true, session: true },
    Measure { name: "mean_abs_session", group: Group::Typical, sums: |a| &a.session_moved, root: false, session: true },
    Measure {
        name: "p_session_loss_over_100",
        group: Group::Tail,
        sums: |a| &a.session_loss_counts[1],
        root: false,
        session: true,
    },
    Measure {
        name: "p_session_loss_over_200",
        group: Group::Tail,
        sums: |a| &a.session_loss_counts[2],
        root: false,
        session: true,
    },
];

/// One row of the table: a compared arm against its bot model's base on one measure.
#[derive(Clone, Debug)]
pub struct Row {
    /// The bot model's label.
    pub bots: String,
    /// How it played the compared arm: `unchanged` or `adapted` ([`BotModel::play`]).
    pub play: &'static str,
    /// The arm's name in tracked estimates ([`ChipsParams::series`]).
    pub series: String,
    /// The compared arm.
    pub arm: String,
    /// Its cut-bi timing.
    pub timing: Option<Timing>,
    /// The measure's name.
    pub measure: &'static str,
    /// Typical or tail.
    pub group: Group,
    /// The base arm's value (per person).
    pub base: f64,
    /// The compared arm's value (per person).
    pub value: f64,
    /// value / base.
    pub ratio: f64,
    /// Its 95% interval (paired over games or sessions).
    pub ci: Interval,
    /// Whether the unit is the session (else the game).
    pub session: bool,
}

/// The rows of every compared arm, in bot model, arm, then measure order; values per person
/// of the `per` settled each game.
pub fn rows(params: &ChipsParams, arms: &[Arm], acc: &ChipsAcc, per: f64) -> Vec<Row> {
    let value = |m: &Measure, a: &ArmAcc| {
        let v = (m.sums)(a).arm().mean() / per;
        if m.root { v.sqrt() } else { v }
    };
    let mut out = Vec::new();
    for (k, (model, acc)) in params.models().zip(acc.models.iter()).enumerate() {
        for (arm, a) in arms.iter().zip(&acc.arms).skip(1) {
            for m in &MEASURES {
                let (r, ci) = (m.sums)(a).ratio();
                let (ratio, ci) =
                    if m.root { (r.sqrt(), Interval { low: ci.low.sqrt(), high: ci.high.sqrt() }) } else { (r, ci) };
                out.push(Row {
                    bots: model.label(),
                    play: model.play(),
                    series: params.series(k, &arm.name),
                    arm: arm.name.clone(),
                    timing: arm.timing,
                    measure: m.name,
                    group: m.group,
                    base: value(m, &acc.arms[0]),
                    value: value(m, a),
                    ratio,
                    ci,
                    session: m.session,
                });
            }
        }
    }
    out
}

/// Writes the `chips_sensitivity` table.
pub fn table(rows: &[Row], out: &StudyOutput) -> Result<()> {
    let col = |f: &dyn Fn(&Row) -> f64| rows.iter().map(f).collect::<Vec<_>>();
    let mut df = df!(
        "bots" => rows.iter().map(|r| r.bots.clone()).collect::<Vec<_>>(),
        "play" => rows.iter().map(|r| r.play).collect::<Vec<_>>(),
        "arm" => rows.iter().map(|r| r.arm.clone()).collect::<Vec<_>>(),
        "timing" => rows.iter().map(|r| r.timing.map_or("none", timing_label)).collect::<Vec<_>>(),
        "measure" => rows.iter().map(|r| r.measure).collect::<Vec<_>>(),
        "group" => rows.iter().map(|r| r.group.name()).collect::<Vec<_>>(),
        "base" => col(&|r| r.base),
        "value" => col(&|r| r.value),
        "ratio" => col(&|r| r.ratio),
        "ci_low" => col(&|r| r.ci.low),
        "ci_high" => col(&|r| r.ci.high),
    )?;
    out.table("chips_sensitivity", &mut df)
}

/// The sensitivity table as text, then per bot model and compared arm the verdict sentence.
pub fn summary(params: &ChipsParams, rows: &[Row]) -> String {
    let hint = if params.other_bots.is_empty() {
        "; another bot model (e.g. a second --bots defensive) can move these"
    } else {
        ""
    };
    let mut s = format!(
        "sensitivity: ratio to the same bots' base per measure (95% paired interval), bots {}{hint}\n",
        params.models().map(BotModel::label).collect::<Vec<_>>().join(" and ")
    );
    for r in rows {
        let _ = writeln!(
            s,
            "  {:<21} {:<26} {:<32} {:>9.3} → {:>9.3}  ×{:.3} [{:.3}, {:.3}]",
            r.bots, r.arm, r.measure, r.base, r.value, r.ratio, r.ci.low, r.ci.high
        );
    }
    // The seed's claim is about cut-bi: arms without it (other chip amounts) get no verdict.
    let mut arms: Vec<(&str, &str, &str, Timing)> =
        rows.iter().filter_map(|r| Some((r.bots.as_str(), r.play, r.arm.as_str(), r.timing?))).collect();
    arms.dedup();
    for &(bots, play, arm, timing) in &arms {
        let of = |g: Group| rows.iter().filter(|r| r.bots == bots && r.arm == arm && r.group == g).collect::<Vec<_>>();
        let reading = format!("under the {} reading", timing_label(timing).replace('_', "-"));
        let _ = writeln!(
            s,
            "  verdict on the seed's \"about {}–{}×\" {reading} ({arm}, bots {bots}, play {play}): typical swings \
             grow {}; session-loss tails grow {}",
            CLAIM.0,
            CLAIM.1,
            span(&of(Group::Typical)),
            span(&of(Group::Tail)),
        );
    }
    s += &side_by_side(rows);
    s.trim_end().to_string()
}

/// Per compared arm studied with both kinds of play, the headline ratios (mean |chips| per
/// game, sd per session) of every bot model, play unchanged first, on one line each.
fn side_by_side(rows: &[Row]) -> String {
    let mut s = String::new();
    if !rows.iter().any(|r| r.play == "adapted") {
        return s;
    }
    let mut arms: Vec<&str> = rows.iter().map(|r| r.arm.as_str()).collect();
    arms.sort_unstable();
    arms.dedup();
    for arm in arms {
        for measure in ["mean_abs_chips_per_game", "sd_per_session"] {
            let mut of: Vec<&Row> = rows.iter().filter(|r| r.arm == arm && r.measure == measure).collect();
            of.sort_by_key(|r| r.play == "adapted");
            let each = of
                .iter()
                .map(|r| format!("×{:.3} [{:.3}, {:.3}] play {} ({})", r.ratio, r.ci.low, r.ci.high, r.play, r.bots))
                .collect::<Vec<_>>();
            let _ = writeln!(s, "  side by side, {arm} {measure}: {}", each.join("; "));
        }
    }
    s
}

/// The range of a group's ratios, its intervals' range, and where that lies against the
/// claim; measures without an interval (no such event in the base, or too few units) are
/// left out and counted.
fn span(rows: &[&Row]) -> String {
    let measured: Vec<&Row> = rows.iter().copied().filter(|r| r.ci.low.is_finite() && r.ci.high.is_finite()).collect();
    let fold = |f: &dyn Fn(&Row) -> f64, min: bool| {
        measured
            .iter()
            .map(|r| f(r))
            .fold(if min { f64::INFINITY } else { f64::NEG_INFINITY }, |a, b| if min { a.min(b) } else { a.max(b) })
    };
    let left_out = rows.len() - measured.len();
    let note =
        if left_out > 0 { format!(", {left_out} measure(s) without an interval left out") } else { String::new() };
    if measured.is_empty() {
        return format!("by an unknown factor (no measure has an interval yet{note})");
    }
    let (low, high) = (fold(&|r| r.ratio, true), fold(&|r| r.ratio, false));
    let (ci_low, ci_high) = (fold(&|r| r.ci.low, true), fold(&|r| r.ci.high, false));
    format!("{low:.2}–{high:.2}× (95% intervals {ci_low:.2}–{ci_high:.2}: {}{note})", against_claim(ci_low, ci_high))
}

/// Where the range `[low, high]` lies against the seed's claim.
fn against_claim(low: f64, high: f64) -> &'static str {
    let place = |v: f64| {
        if v < CLAIM.0 {
            "below"
        } else if v <= CLAIM.1 {
            "within"
        } else {
            "above"
        }
    };
    let (below, above) = (place(low), place(high));
    match (below, above) {
        ("below", "below") => "below the claim",
        ("within", "within") => "within the claim",
        ("above", "above") => "above the claim",
        ("below", "within") => "from below the claim to within it",
        ("within", "above") => "from within the claim to above it",
        _ => "from below the claim to above it",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(group: Group, ratio: f64, low: f64, high: f64) -> Row {
        Row {
            bots: "efficiency".into(),
            play: "unchanged",
            series: "goto-cutbi".into(),
            arm: "goto-cutbi".into(),
            timing: Some(Timing::StartOfHand),
            measure: "m",
            group,
            base: 1.0,
            value: ratio,
            ratio,
            ci: Interval { low, high },
            session: false,
        }
    }

    #[test]
    fn issue_29_the_verdict_names_the_range_of_each_group_against_the_claim() {
        assert_eq!(against_claim(1.6, 1.7), "within the claim");
        assert_eq!(against_claim(1.2, 1.3), "below the claim");
        assert_eq!(against_claim(2.2, 2.4), "above the claim");
        assert_eq!(against_claim(1.45, 1.55), "from below the claim to within it");
        assert_eq!(against_claim(1.6, 2.4), "from within the claim to above it");
        assert_eq!(against_claim(1.3, 4.7), "from below the claim to above it");
        let typical = [row(Group::Typical, 1.38, 1.37, 1.39), row(Group::Typical, 1.47, 1.46, 1.48)];
        assert_eq!(span(&typical.iter().collect::<Vec<_>>()), "1.38–1.47× (95% intervals 1.37–1.48: below the claim)");
        // A tail the base never reached has no ratio: left out and said so.
        let tails = [row(Group::Tail, 1.6, 1.55, 1.65), row(Group::Tail, f64::INFINITY, f64::NAN, f64::NAN)];
        assert_eq!(
            span(&tails.iter().collect::<Vec<_>>()),
            "1.60–1.60× (95% intervals 1.55–1.65: within the claim, 1 measure(s) without an interval left out)"
        );
    }
}
