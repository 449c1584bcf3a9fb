//! The chart types render to PNG and SVG with the embedded font alone; empty data draws a
//! note, and thousands of categories draw in bounded time with a bounded number of labels.

use sim::chart::{self, Band, Bar, Distributions, Heatmap, IntervalBars, Series, StackedBars};
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

#[path = "common/scratch.rs"]
mod scratch;
use scratch::scratch;

/// A PNG that is mostly one colour has no text or marks drawn on it.
fn assert_drawn(stem: &std::path::Path) {
    let png = std::fs::read(stem.with_extension("png")).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    assert!(png.len() > 10_000, "{} is nearly empty ({} bytes)", stem.display(), png.len());
    let svg = std::fs::read_to_string(stem.with_extension("svg")).unwrap();
    assert!(svg.contains("<text"), "no text in {}", stem.display());
}

#[test]
fn all_chart_kinds_render() {
    let dir = scratch("kinds");
    let labels: Vec<String> = ["none", "juggernaut", "supernova", "road_dancer"].map(String::from).to_vec();
    let bars: Vec<Bar> = labels
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let v = 0.45 + 0.04 * i as f64;
            Bar { label: l.clone(), value: v, low: v - 0.02, high: v + 0.02 }
        })
        .collect();
    let stem = dir.join("bars");
    let win = IntervalBars { title: "Win rate", x_label: "win rate", bars: &bars, reference: Some(0.5), log: false };
    chart::save(&stem, &win).unwrap();
    assert_drawn(&stem);
    let rare: Vec<Bar> = (0..6)
        .map(|i| {
            let v = 10f64.powi(-i);
            Bar { label: format!("yaku{i}"), value: v, low: v * 0.8, high: v * 1.2 }
        })
        .collect();
    let stem = dir.join("log");
    chart::save(&stem, &IntervalBars { title: "Rare", x_label: "rate", bars: &rare, reference: None, log: true })
        .unwrap();
    assert_drawn(&stem);

    let series = vec![
        Series { name: "a".into(), points: (0..10).map(|x| (x, 0.1)).collect() },
        Series { name: "b".into(), points: (0..10).map(|x| (x, x as f64 / 45.0)).collect() },
    ];
    let stem = dir.join("dist");
    chart::save(&stem, &Distributions { title: "Points", x_label: "points", series: &series, log: false }).unwrap();
    assert_drawn(&stem);
    let stem = dir.join("dist_log");
    chart::save(&stem, &Distributions { title: "Tails", x_label: "chips", series: &series, log: true }).unwrap();
    assert_drawn(&stem);

    let parts = ["one", "two", "three"];
    let stacks = vec![("a".to_string(), vec![3.0, 1.0, -0.5]), ("b".to_string(), vec![6.0, 2.0, 1.0])];
    let stem = dir.join("stacked");
    chart::save(&stem, &StackedBars { title: "Parts", x_label: "value", parts: &parts, stacks: &stacks }).unwrap();
    assert_drawn(&stem);

    let values: Vec<f64> = (0..12).map(|i| i as f64 / 11.0).collect();
    let stem = dir.join("heat");
    let cols: Vec<String> = labels[..3].to_vec();
    let heat = Heatmap {
        title: "Matrix",
        rows: &labels,
        cols: &cols,
        values: &values,
        neutral: 0.5,
        spread: 0.5,
        axes: ("row", "col"),
    };
    chart::save(&stem, &heat).unwrap();
    assert_drawn(&stem);

    let categories: Vec<String> = (1..=4).map(|k| format!("{}", 300 * k)).collect();
    let line = |shift: f64| -> Vec<Bar> {
        let bar = |k: f64| Bar { label: String::new(), value: k + shift, low: k - 0.5, high: k + 0.7 };
        (0..4).map(|k| bar(f64::from(k))).collect()
    };
    let series = vec![("a".to_string(), line(0.0)), ("b".to_string(), line(0.3))];
    let stem = dir.join("band");
    let band = Band {
        title: "Grid",
        x_label: "honba",
        y_label: "difference",
        categories: &categories,
        series: &series,
        reference: Some(0.0),
    };
    chart::save(&stem, &band).unwrap();
    assert_drawn(&stem);
    println!("charts in {}", dir.display());
}

/// Runs `work` on its own thread; fails if it has not finished within two minutes (a hang
/// is a failure, not a stuck test).
fn bounded(what: &str, work: impl FnOnce() + Send + 'static) {
    let (done, finished) = mpsc::channel();
    std::thread::spawn(move || {
        work();
        let _ = done.send(());
    });
    match finished.recv_timeout(Duration::from_secs(120)) {
        Ok(()) => {}
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("{what} did not finish within two minutes"),
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("{what} panicked"),
    }
}

fn svg(stem: &Path) -> String {
    std::fs::read_to_string(stem.with_extension("svg")).unwrap()
}

#[test]
fn every_chart_kind_draws_empty_data_as_its_title_and_a_note() {
    // A run in which no hand is won has no yaku to chart: the log axis over no values used
    // to loop forever inside plotters. Every kind, empty or with no finite value.
    let dir = scratch("empty");
    let out = dir.to_path_buf();
    bounded("drawing empty charts", move || {
        let nan = [Bar { label: "x".into(), value: f64::NAN, low: f64::NAN, high: f64::NAN }];
        let bars = |name: &str, bars: &[Bar], log: bool| {
            let chart = IntervalBars { title: "Empty bars", x_label: "share", bars, reference: None, log };
            chart::save(&out.join(name), &chart).unwrap();
        };
        bars("bars_log", &[], true);
        bars("bars", &[], false);
        bars("bars_nan", &nan, true);
        let none = [Series { name: "a".into(), points: vec![(1, 0.0)] }];
        let dist = Distributions { title: "Empty bars", x_label: "points", series: &none, log: true };
        chart::save(&out.join("dist_log"), &dist).unwrap();
        let stacked = StackedBars { title: "Empty bars", x_label: "value", parts: &["one"], stacks: &[] };
        chart::save(&out.join("stacked"), &stacked).unwrap();
        fn heat<'a>(values: &'a [f64], rows: &'a [String]) -> Heatmap<'a> {
            Heatmap { title: "Empty bars", rows, cols: rows, values, neutral: 0.5, spread: 0.5, axes: ("row", "col") }
        }
        chart::save(&out.join("heat"), &heat(&[], &[])).unwrap();
        chart::save(&out.join("heat_nan"), &heat(&[f64::NAN], &["a".into()]).with_values(2)).unwrap();
        let band = Band {
            title: "Empty bars",
            x_label: "honba",
            y_label: "difference",
            categories: &[],
            series: &[("a".into(), Vec::new())],
            reference: Some(0.0),
        };
        chart::save(&out.join("band"), &band).unwrap();
    });
    for name in ["bars_log", "bars", "bars_nan", "dist_log", "stacked", "heat", "heat_nan", "band"] {
        let text = svg(&dir.join(name));
        assert!(text.contains("Empty bars") && text.contains("no data"), "{name}: {text}");
    }
}

#[test]
fn a_heatmap_of_76500_cells_draws_in_bounded_time_with_a_bounded_number_of_labels() {
    // A 300 × 255 sweep grid: a label per row and column, and a value in every cell, were
    // tens of thousands of texts; now at most 60 labels an axis, values only where a cell
    // has room, and a larger matrix in blocks.
    let dir = scratch("grid");
    let out = dir.to_path_buf();
    bounded("drawing a 76,500-cell heatmap", move || {
        let rows: Vec<String> = (0..300).map(|r| format!("row{r}")).collect();
        let cols: Vec<String> = (0..255).map(|c| format!("col{c}")).collect();
        let values: Vec<f64> = (0..rows.len() * cols.len()).map(|i| (i % 17) as f64 / 16.0).collect();
        let heat = Heatmap {
            title: "Grid",
            rows: &rows,
            cols: &cols,
            values: &values,
            neutral: 0.5,
            spread: 0.5,
            axes: ("a", "b"),
        };
        chart::save(&out.join("grid"), &heat.with_values(2)).unwrap();
        let many: Vec<String> = (0..1500).map(|r| format!("d{r}")).collect();
        let values = vec![0.25; many.len() * many.len()];
        let big = Heatmap {
            title: "Grid",
            rows: &many,
            cols: &many,
            values: &values,
            neutral: 0.5,
            spread: 0.5,
            axes: ("a", "b"),
        };
        chart::save(&out.join("big"), &big).unwrap();
    });
    let text = svg(&dir.join("grid"));
    let texts = text.matches("<text").count();
    assert!(texts <= 2 * chart::MAX_LABELS + 20, "{texts} texts");
    // Row labels, but no cell values (1/16 = 0.06 is one).
    assert!(text.contains("row") && !text.contains("0.06"), "labels, but no cell values");
    // 1,500 × 1,500 cells are drawn as 300 × 300 blocks of 5 × 5.
    let big = svg(&dir.join("big"));
    assert!(big.matches("<rect").count() < 300 * 300 + 100, "{} rects", big.matches("<rect").count());
    assert!(big.contains("blocks of 5×5 cells"));
}
