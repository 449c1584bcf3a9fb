//! The chart types render to PNG and SVG with the embedded font alone.

use sim::chart::{self, Band, Bar, Distributions, Heatmap, IntervalBars, Series, StackedBars};
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sim-charts-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

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
