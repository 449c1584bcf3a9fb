//! `--convergence`: a grown run's estimates after each batch ([`crate::study::grow`]), written as
//! a `convergence` table and, per metric, a chart of every series' estimate and 95% band
//! against games played, so a user sees when an answer has settled.

use crate::chart::{self, Band, Bar};
use crate::frame::Frame;
use crate::output::StudyOutput;
use crate::study::grow::{self, Tracked};
use anyhow::Result;

/// Writes the trace `(games played, estimates)` of a run; `differences` when the estimates
/// are differences from a base (a sweep's variants), drawn against a dashed 0.
pub fn write(trace: &[(u64, Vec<Tracked>)], differences: bool, out: &StudyOutput) -> Result<()> {
    let rows: Vec<(u64, &Tracked)> = trace.iter().flat_map(|(g, ts)| ts.iter().map(move |t| (*g, t))).collect();
    let mut df = Frame::new()
        .col("games", rows.iter().map(|r| r.0).collect::<Vec<_>>())
        .col("metric", rows.iter().map(|r| r.1.metric.clone()).collect::<Vec<_>>())
        .col("series", rows.iter().map(|r| r.1.series.clone()).collect::<Vec<_>>())
        .estimates("value", rows.iter().map(|r| (r.1.value, r.1.interval)))
        .build()?;
    out.table("convergence", &mut df)?;
    let Some((_, last)) = trace.last() else { return Ok(()) };
    let categories: Vec<String> = trace.iter().map(|(g, _)| g.to_string()).collect();
    for metric in grow::metrics(last) {
        let names: Vec<&str> = last.iter().filter(|t| t.metric == metric).map(|t| t.series.as_str()).collect();
        let series: Vec<(String, Vec<Bar>)> = names
            .iter()
            .map(|&name| {
                let points = trace.iter().map(|(_, ts)| {
                    let t = ts.iter().find(|t| t.metric == metric && t.series == name).expect("every batch has it");
                    Bar::new(String::new(), (t.value, t.interval))
                });
                (name.to_string(), points.collect())
            })
            .collect();
        let (title, y) = if differences {
            (
                format!("{metric}: variant − base as games are added"),
                format!("difference in {metric} (paired 95% band)"),
            )
        } else {
            (format!("{metric} as games are added"), format!("{metric} (95% band)"))
        };
        let band = Band {
            title: &title,
            x_label: "games played",
            y_label: &y,
            categories: &categories,
            series: &series,
            reference: differences.then_some(0.0),
        };
        chart::save(&out.chart(&format!("convergence_{}", file_name(metric))), &band)?;
    }
    Ok(())
}

/// A metric's name as part of a file name (`yaku.riichi` → `yaku_riichi`).
fn file_name(metric: &str) -> String {
    metric.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '_' }).collect()
}
