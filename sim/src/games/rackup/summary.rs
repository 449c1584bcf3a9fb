//! The Rack-up study's printed summary.

use super::acc::{ArmAcc, CHOMBO_CASES, RackupAcc, TIERS};
use super::report::sweep;
use super::spells::{BreakEven, break_evens, name};
use super::{Arm, PLANS, RackupParams};
use crate::stats::Moments;
use crate::study::Coverage;
use engine::rackup::{PenaltyPolicy, RiichiPolicy, Yaku};
use std::fmt::Write as _;

/// A paired mean with its 95% half-width.
fn paired(m: &Moments) -> String {
    format!("{:+.3} ± {:.3}", m.mean(), m.mean_interval().half_width())
}

pub(super) fn summary(params: &RackupParams, arms: &[Arm], acc: &RackupAcc, coverage: &Coverage) -> String {
    let mut s = String::new();
    let base = &acc.arms[0];
    let arm = |a: Arm| arms.iter().position(|&x| x == a).map(|k| &acc.arms[k]);
    let _ =
        writeln!(s, "rackup study: {} (each played in {} arms on the same streams)", coverage.describe(), arms.len());
    let _ = writeln!(
        s,
        "strategies: A {}, B {} (each riichi, penalty and plan arm changes one setting of A's); intervals are 95%",
        params.strategies[0].name, params.strategies[1].name
    );
    let _ = writeln!(
        s,
        "play unchanged: every arm plays these strategies as given; under adapted play (the heuristic's riichi and \
         kan settings re-tuned for each arm's rules) riichi's price and the spells are the sweep sweep-rackup-riichi, \
         the break-evens of ダイエットサプリ and 蜃気楼 the sweeps sweep-rackup-diet and sweep-rackup-mirage: their \
         summaries say which verdicts adapted play changes"
    );
    let i = base.initiative;
    let _ = writeln!(
        s,
        "initiative (先手 in the round's first active shoot) wins the round: {:.4} ± {:.4} of rounds won",
        i.value(),
        i.interval().half_width()
    );
    let _ = writeln!(
        s,
        "rounds per match: {:.2}; winning rounds {}, won without yaku (和了流局) {}, double ring-out draws (相討流局) {}",
        base.rounds.mean(),
        base.winning_rounds,
        base.no_yaku_rounds,
        base.mutual_rounds
    );
    let shares: Vec<String> = (0..TIERS.len())
        .map(|t| format!("{} {:.4}", TIERS[t], base.tiers[t] as f64 / base.winning_rounds.max(1) as f64))
        .collect();
    let _ = writeln!(s, "tiers of winning rounds: {}", shares.join(", "));
    let y = base.yakuman;
    let _ = writeln!(s, "yakuman per match: {:.4} ± {:.4}", y.mean(), y.mean_interval().half_width());
    let chombo: Vec<String> =
        CHOMBO_CASES.iter().zip(&base.chombo).map(|(c, m)| format!("{c} {:.4}", m.mean())).collect();
    let _ = writeln!(s, "chombo per match by case: {}", chombo.join(", "));

    let _ = writeln!(s, "riichi (player A, paired on the same streams; gain = final points against never declaring):");
    for (name, a) in
        [("always", arm(Arm::Riichi(RiichiPolicy::Always))), ("heuristic", arm(Arm::Riichi(RiichiPolicy::Likely)))]
    {
        if let Some(a) = a {
            let _ = writeln!(s, "  {name:<10} {}", paired(&a.vs_never));
        }
    }
    let sw = sweep(arms, acc);
    if let Some(&(k, t)) = sw.rows.get(sw.best) {
        let best = &acc.arms[k];
        let flagged = sw.holm.flags().iter().filter(|&&f| f).count();
        let _ = writeln!(
            s,
            "  best threshold {t:.2}: gain {} over never, {} over the baseline ({} thresholds differ from never after Holm over {}; the best of several is optimistic)",
            paired(&best.vs_never),
            paired(&best.vs_baseline),
            flagged,
            sw.holm.describe()
        );
        if best.vs_never.mean_interval().high < 0.0 {
            let _ = writeln!(s, "  no threshold beats never declaring riichi under this profile and opponent");
        }
    }
    let pen = |p: PenaltyPolicy| arm(Arm::Penalty(p)).map(|a| paired(&a.vs_baseline)).unwrap_or_default();
    let _ = writeln!(
        s,
        "riichi penalty (against the baseline): stun {}, pay {}, auto {}; stun minus pay {}",
        pen(PenaltyPolicy::Stun),
        pen(PenaltyPolicy::Pay),
        pen(PenaltyPolicy::Auto),
        paired(&acc.stun_minus_pay)
    );
    let plans: Vec<String> = PLANS
        .iter()
        .filter_map(|&p| arm(Arm::Plan(p)).map(|a| format!("{} {}", p.id(), paired(&a.vs_baseline))))
        .collect();
    let _ = writeln!(s, "shot plans of A's heuristic (against the baseline): {}", plans.join(", "));
    for (spell, [mean, early, late]) in break_evens(arms, acc) {
        let at = |b: BreakEven| match b {
            BreakEven::Free => "0 (free)".to_string(),
            BreakEven::At(x) => format!("+{x:.3}"),
            BreakEven::Beyond => "beyond the sweep".to_string(),
        };
        let _ = writeln!(
            s,
            "spell {} breaks even at a machine advantage of {} (interval {} to {}; accuracy, power, weight x (1 + advantage))",
            name(spell),
            at(mean),
            at(early),
            at(late)
        );
    }
    let dai = base.variant_rounds[Yaku::Ryuusei.variant_slot(2)];
    let _ = writeln!(
        s,
        "流星 as yakuman (大流星): {dai} of {} winning rounds with 流星 (table yaku_variants)",
        base.yaku_rounds[Yaku::Ryuusei as usize]
    );
    let _ = writeln!(s, "player A per arm: win rate, final points, paired difference against the baseline:");
    for (arm, a) in arms.iter().zip(&acc.arms) {
        let _ = writeln!(
            s,
            "  {:<20} {:.4} ± {:.4}   {:.3}   {}",
            arm.name(),
            a.a_result.value(),
            a.a_result.interval().half_width(),
            a.a_points.mean(),
            paired(&a.vs_baseline)
        );
    }
    missing(&mut s, base);
    s
}

/// The yaku never seen in the baseline, with the reason for 二槓子.
fn missing(s: &mut String, base: &ArmAcc) {
    let missing: Vec<Yaku> = Yaku::ALL.into_iter().filter(|&y| base.yaku_rounds[y as usize] == 0).collect();
    let names: Vec<&str> = missing.iter().map(|y| y.id()).collect();
    let _ = writeln!(
        s,
        "yaku never seen in the baseline arm: {}",
        if names.is_empty() { "none".to_string() } else { names.join(", ") }
    );
    let intents = [
        (Yaku::Hanba, "half", "a_plan_half"),
        (Yaku::Kyoukasuigetsu, "safe", "a_plan_safe"),
        (Yaku::Chototsumoushin, "charge", "a_plan_charge"),
        (Yaku::Shoudan, "mine", "a_plan_plain"),
        (Yaku::Touchou, "ride", "a_plan_plain"),
        (Yaku::Yuugekishu, "jump", "a_plan_plain"),
    ];
    for (yaku, kind, arm) in intents.into_iter().filter(|w| missing.contains(&w.0)) {
        let _ = writeln!(
            s,
            "  {} ({}) needs `{kind}` shots, which the baseline's heuristic does not play for it \
             (see the {arm} arm in the yaku table)",
            yaku.id(),
            yaku.kanji()
        );
    }
    if missing.contains(&Yaku::Ryankantsu) {
        let _ = writeln!(
            s,
            "  ryankantsu (二槓子) needs one player to declare both of the round's kans and win holding both \
             barricades, without a recover right after a kan: the baseline's players never took this line \
             (the heuristic's `kan` setting says when it declares one, and only a recover in a later action \
             refills its hand; the engine scores it: tests_yaku_calls::ryankantsu)."
        );
    }
}
