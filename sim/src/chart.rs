//! Charts drawn with plotters, each saved as PNG and SVG.
//!
//! Every chart is a value implementing [`Chart`], drawn once per backend by
//! [`save`]. Text uses the embedded DejaVu Sans font (registered by
//! [`register_fonts`]), so charts render the same on a machine with no system
//! fonts.
//!
//! Any run's data can be drawn in bounded time: a chart with nothing to draw (no bars, no
//! finite value: a run in which no hand was won) is drawn by [`save`] as its title over a
//! note; a bar chart labels every bar up to [`MAX_BAR_LABELS`] (a bar without its name is
//! unreadable), a heatmap's axis at most [`MAX_LABELS`] categories (it prints its cells'
//! values only up to [`MAX_LABELS`] rows and columns, and draws a matrix of more than
//! [`MAX_CELLS`] rows or columns in blocks).

use anyhow::{Context, Result, anyhow};
use plotters::coord::Shift;
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, LightPoints, Ranged};
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::{FontStyle, register_font};
use std::ops::Range;
use std::path::Path;
use std::sync::Once;

const FONT: &str = "sans-serif";
const SIZE: (u32, u32) = (1100, 850);

/// The most category labels drawn along a heatmap's axis; a longer axis labels every k-th
/// category.
pub const MAX_LABELS: usize = 60;

/// The most bars a bar chart labels, one label each; beyond, every k-th (a bound on the
/// drawing time only: a chart of that many bars is past reading anyway).
pub const MAX_BAR_LABELS: usize = 1000;

/// The most cells a heatmap draws along one axis: a larger matrix is drawn in blocks of
/// neighbouring cells, each coloured by the mean of its values.
pub const MAX_CELLS: usize = 300;

/// The note an empty chart shows.
pub const EMPTY_NOTE: &str = "no data: the run observed nothing to draw here";

/// Registers the embedded font under the family name the charts use.
pub fn register_fonts() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        for (style, bytes) in [
            (FontStyle::Normal, dejavu::sans::regular()),
            (FontStyle::Bold, dejavu::sans::bold()),
            (FontStyle::Italic, dejavu::sans::oblique()),
            (FontStyle::Oblique, dejavu::sans::oblique()),
        ] {
            if register_font(FONT, style, bytes).is_err() {
                unreachable!("the embedded DejaVu font is a valid TrueType font");
            }
        }
    });
}

/// A chart that can draw itself on any plotters backend.
pub trait Chart {
    /// The chart's title: drawn above it, and its caption in reports ([`saved_title`]).
    fn title(&self) -> &str;

    /// Draws the whole chart on `root` (never called when [`Chart::is_empty`]).
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static;

    /// Whether there is nothing to draw: no category, or no finite value.
    fn is_empty(&self) -> bool;
}

/// A chart with nothing to draw: its title over [`EMPTY_NOTE`].
struct Empty<'a> {
    title: &'a str,
}

impl Chart for Empty<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        root.fill(&WHITE).map_err(err)?;
        let root = root.titled(self.title, (FONT, 24)).map_err(err)?;
        let (w, h) = root.dim_in_pixel();
        let style = (FONT, 22).into_font().color(&BLACK.mix(0.6)).pos(Pos::new(HPos::Center, VPos::Center));
        root.draw(&Text::new(EMPTY_NOTE, (w as i32 / 2, h as i32 / 2), style)).map_err(err)
    }

    fn title(&self) -> &str {
        self.title
    }

    fn is_empty(&self) -> bool {
        false
    }
}

/// Draws `chart` into `<stem>.png` and `<stem>.svg`; a chart with nothing to draw
/// ([`Chart::is_empty`]) as its title over a note. The SVG carries the title as its
/// `<title>`, which reports read back as the chart's caption ([`saved_title`]).
pub fn save(stem: &Path, chart: &impl Chart) -> Result<()> {
    if chart.is_empty() {
        return save_drawn(stem, &Empty { title: chart.title() });
    }
    save_drawn(stem, chart)
}

fn save_drawn(stem: &Path, chart: &impl Chart) -> Result<()> {
    register_fonts();
    let png = stem.with_extension("png");
    {
        let root = BitMapBackend::new(&png, SIZE).into_drawing_area();
        chart
            .draw(&root)
            .and_then(|()| root.present().map_err(err))
            .with_context(|| format!("drawing {}", png.display()))?;
    }
    let svg = stem.with_extension("svg");
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, SIZE).into_drawing_area();
        chart
            .draw(&root)
            .and_then(|()| root.present().map_err(err))
            .with_context(|| format!("drawing {}", svg.display()))?;
    }
    std::fs::write(&svg, with_title(&text, chart.title())).with_context(|| format!("writing {}", svg.display()))
}

/// An SVG document with `title` as its `<title>` element, the first inside `<svg …>`.
fn with_title(svg: &str, title: &str) -> String {
    let escaped = title.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    match svg.find("<svg").and_then(|at| svg[at..].find('>').map(|end| at + end + 1)) {
        Some(open) => format!("{}\n<title>{escaped}</title>{}", &svg[..open], &svg[open..]),
        None => svg.to_string(),
    }
}

/// The title a chart saved by [`save`] carries in its SVG beside `png` (`None` for a chart
/// saved without one, or no SVG).
pub fn saved_title(png: &Path) -> Option<String> {
    let svg = std::fs::read_to_string(png.with_extension("svg")).ok()?;
    let (_, rest) = svg.split_once("<title>")?;
    let (title, _) = rest.split_once("</title>")?;
    Some(title.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"))
}

fn err<E: std::fmt::Display>(e: E) -> anyhow::Error {
    anyhow!("{e}")
}

/// A number on an axis spanning `span`: whole numbers on an axis of hundreds or more (1200,
/// not 1200.000), else three decimals, or as many as a tenth of the span needs on a narrower
/// axis (-0.0025 and -0.0030 apart, not both -0.003); one that rounds to zero without a sign
/// (0.000, not -0.000).
fn tick(v: f64, span: f64) -> String {
    let digits = match span {
        s if s >= 100.0 => 0,
        s if s > 0.0 => ((-(s / 10.0).log10()).ceil() as usize).clamp(3, 9),
        _ => 3,
    };
    let text = format!("{v:.digits$}");
    match text.strip_prefix('-') {
        Some(rest) if rest.bytes().all(|b| b == b'0' || b == b'.') => rest.to_string(),
        _ => text,
    }
}

/// A title's font size on a chart `width` pixels wide: `base`, or smaller for a title that
/// would not fit (a glyph of the embedded font is under 0.5 of its size wide on average; plotters centres
/// the title and clips what overflows), never under 14.
fn title_size(title: &str, width: u32, base: u32) -> u32 {
    let fits = f64::from(width) / (0.5 * title.chars().count().max(1) as f64);
    (fits as u32).clamp(14, base)
}

/// Whether any of `values` is finite.
fn any_finite(mut values: impl Iterator<Item = f64>) -> bool {
    values.any(f64::is_finite)
}

/// How many labels to ask plotters for along a bar chart's axis of `n` bars: all of them up
/// to [`MAX_BAR_LABELS`] (plotters then labels evenly spaced ones).
fn label_count(n: usize) -> usize {
    n.min(MAX_BAR_LABELS)
}

/// A number as a log axis labels it: plain, to three significant digits (0.01, 2, 500,
/// 1000000), never in exponent notation.
fn plain(v: f64) -> String {
    if v == 0.0 || !v.is_finite() {
        return format!("{v}");
    }
    let decimals = (2 - v.abs().log10().floor() as i32).max(0) as usize;
    let s = format!("{v:.decimals$}");
    if s.contains('.') { s.trim_end_matches('0').trim_end_matches('.').to_string() } else { s }
}

/// The label of position `p` on a log axis (positions are log10 of the values).
fn log_tick(p: f64) -> String {
    plain(10f64.powf(p))
}

/// The most labelled ticks on a value axis.
const MAX_TICKS: usize = 12;

/// A linear axis whose ticks (labelled) and light grid lines are chosen in advance.
struct Ticked {
    axis: RangedCoordf64,
    ticks: Vec<f64>,
    light: Vec<f64>,
}

impl Ranged for Ticked {
    type ValueType = f64;
    type FormatOption = DefaultFormatting;

    fn map(&self, v: &f64, pixels: (i32, i32)) -> i32 {
        self.axis.map(v, pixels)
    }

    fn key_points<H: KeyPointHint>(&self, hint: H) -> Vec<f64> {
        if hint.weight().allow_light_points() { self.light.clone() } else { self.ticks.clone() }
    }

    fn range(&self) -> Range<f64> {
        self.axis.range()
    }
}

/// A value axis from `lo` to `hi` with its ticks. On a log axis (positions are log10 of the
/// values) the ticks sit at 1, 2 and 5 times the powers of ten (only at the powers when that
/// makes too many; at round values when fewer than three fall in the range), with light
/// lines at every whole multiple of a power; on a linear axis they are plotters' own.
fn value_axis(lo: f64, hi: f64, log: bool) -> Ticked {
    let linear = |lo: f64, hi: f64| {
        let axis = RangedCoordf64::from(lo..hi);
        (axis.key_points(MAX_TICKS - 1), axis.key_points(LightPoints::new(MAX_TICKS - 1, 10 * (MAX_TICKS - 1))))
    };
    let (ticks, light) = if log {
        let at = |multiples: &[f64]| -> Vec<f64> {
            (lo.floor() as i32..=hi.ceil() as i32)
                .flat_map(|e| multiples.iter().map(move |m| (m * 10f64.powi(e)).log10()))
                .filter(|p| (lo..=hi).contains(p))
                .collect()
        };
        let mut ticks = at(&[1.0, 2.0, 5.0]);
        if ticks.len() > MAX_TICKS {
            let powers = at(&[1.0]);
            ticks = powers.iter().step_by(powers.len().div_ceil(MAX_TICKS)).copied().collect();
        } else if ticks.len() < 3 {
            ticks = linear(10f64.powf(lo), 10f64.powf(hi)).0.into_iter().filter(|v| *v > 0.0).map(f64::log10).collect();
        }
        (ticks, at(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]))
    } else {
        linear(lo, hi)
    };
    Ticked { axis: (lo..hi).into(), ticks, light }
}

/// An axis with the given ticks and no light lines.
fn ticked(range: Range<f64>, ticks: Vec<f64>) -> Ticked {
    Ticked { axis: range.into(), ticks, light: Vec::new() }
}

/// Room for category labels: 190 pixels, more for long labels (about 8 per character at
/// the 14-point label font).
fn label_area<'a>(labels: impl Iterator<Item = &'a str>) -> u32 {
    labels.map(|l| 8 * l.chars().count() as u32 + 20).max().unwrap_or(0).max(190)
}

/// One category's estimate with its 95% interval.
#[derive(Clone, Debug)]
pub struct Bar {
    /// Category label.
    pub label: String,
    /// The estimate.
    pub value: f64,
    /// Lower end of the interval.
    pub low: f64,
    /// Upper end of the interval.
    pub high: f64,
}

impl Bar {
    /// The bar of an estimate and its interval.
    pub fn new(label: String, (value, ci): (f64, crate::stats::Interval)) -> Bar {
        Bar { label, value, low: ci.low, high: ci.high }
    }
}

/// Horizontal bars with interval whiskers; bars grow from the reference
/// line (drawn dashed) when there is one, else from the axis start (0 on a
/// linear axis of values that are not negative). On a log axis a value of 0 draws no
/// bar, only its whisker (label it, e.g. "not seen").
pub struct IntervalBars<'a> {
    /// Chart title.
    pub title: &'a str,
    /// Label of the value axis.
    pub x_label: &'a str,
    /// The bars, drawn top to bottom in this order.
    pub bars: &'a [Bar],
    /// The value every bar is compared with (e.g. 0.5 for a win rate).
    pub reference: Option<f64>,
    /// A logarithmic value axis (for rates spanning several orders of
    /// magnitude); values at or below zero are drawn at the axis start.
    pub log: bool,
}

impl IntervalBars<'_> {
    /// The axis position of a value (its log10 on a log axis).
    fn pos(&self, v: f64, floor: f64) -> f64 {
        if self.log { v.max(floor).log10() } else { v }
    }

    /// Where the value axis starts, for positions from `lo` up, padded by `pad`. Bars
    /// without a reference grow from the axis start, which on a linear axis of values
    /// that are not negative is 0, so that their lengths compare as their values do.
    fn axis_start(&self, lo: f64, pad: f64) -> f64 {
        match (self.log, self.reference) {
            (false, None) if lo >= 0.0 => 0.0,
            (false, Some(_)) if lo >= 0.0 => (lo - pad).max(0.0),
            _ => lo - pad,
        }
    }
}

impl<'a> IntervalBars<'a> {
    /// These bars with a title on the category axis (what the rows are, e.g. "speed lead").
    pub fn with_row_title(self, row_title: &'a str) -> DecoratedBars<'a> {
        DecoratedBars { bars: self, row_title: Some(row_title), bands: &[] }
    }

    /// These bars with a band shaded behind each (`(low, high)` per bar, in bar order;
    /// `None`: no band), e.g. a calibration target's tolerance.
    pub fn with_bands(self, bands: &'a [Option<(f64, f64)>]) -> DecoratedBars<'a> {
        DecoratedBars { bars: self, row_title: None, bands }
    }

    /// Draws the bars, with `row_title` on the category axis when given and `bands` (one
    /// per bar, or none at all) shaded behind them.
    fn draw_rows<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        row_title: Option<&str>,
        bands: &[Option<(f64, f64)>],
    ) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let bars = self.bars;
        let floor =
            bars.iter().flat_map(|b| [b.value, b.high]).filter(|v| *v > 0.0).fold(f64::INFINITY, f64::min) / 3.0;
        let floor = if floor.is_finite() { floor } else { 1e-9 };
        let p = |v: f64| self.pos(v, floor);
        let values = bars
            .iter()
            .flat_map(|b| [p(b.low), p(b.high), p(b.value)])
            .chain(self.reference.map(p))
            .chain(bands.iter().flatten().flat_map(|&(l, h)| [p(l), p(h)]));
        let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), v| (l.min(v), h.max(v)));
        let pad = (hi - lo).max(1e-6) * 0.06;
        let x0 = self.axis_start(lo, pad);
        let start = self.reference.map_or(x0, p);
        let n = bars.len() as i32;
        // Category i is drawn at row n-1-i so the first bar is on top.
        let row = |i: usize| n - 1 - i as i32;
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(root)
            .caption(self.title, (FONT, title_size(self.title, root.dim_in_pixel().0, 24)))
            .margin(15)
            .x_label_area_size(55)
            .y_label_area_size(label_area(bars.iter().map(|b| b.label.as_str())))
            .build_cartesian_2d(value_axis(x0, hi + pad, self.log), (0..n - 1).into_segmented())
            .map_err(err)?;
        let (log, span) = (self.log, hi + pad - x0);
        let x_tick = |v: &f64| if log { log_tick(*v) } else { tick(*v, span) };
        let row_label = |v: &SegmentValue<i32>| match v {
            SegmentValue::CenterOf(r) if (0..n).contains(r) => bars[(n - 1 - r) as usize].label.clone(),
            _ => String::new(),
        };
        let mut mesh = chart.configure_mesh();
        mesh.disable_y_mesh()
            .x_desc(self.x_label)
            .x_label_formatter(&x_tick)
            .y_labels(label_count(bars.len()))
            .y_label_formatter(&row_label)
            .label_style((FONT, 14))
            .axis_desc_style((FONT, 18));
        if let Some(title) = row_title {
            mesh.y_desc(title);
        }
        mesh.draw().map_err(err)?;
        chart
            .draw_series(bands.iter().enumerate().filter_map(|(i, band)| {
                band.map(|(l, h)| {
                    Rectangle::new(
                        [(p(l), SegmentValue::Exact(row(i))), (p(h), SegmentValue::Exact(row(i) + 1))],
                        GREEN.mix(0.18).filled(),
                    )
                })
            }))
            .map_err(err)?;
        // A value of 0 has no place on a log axis: it gets its whisker, not a bar.
        let drawn = |b: &&Bar| !self.log || b.value > 0.0;
        chart
            .draw_series(bars.iter().enumerate().filter(|(_, b)| drawn(b)).map(|(i, b)| {
                let mut r = Rectangle::new(
                    [(start, SegmentValue::Exact(row(i))), (p(b.value), SegmentValue::Exact(row(i) + 1))],
                    BLUE.mix(0.45).filled(),
                );
                r.set_margin(2, 2, 0, 0);
                r
            }))
            .map_err(err)?;
        chart
            .draw_series(bars.iter().enumerate().map(|(i, b)| {
                let y = SegmentValue::CenterOf(row(i));
                PathElement::new(vec![(p(b.low), y.clone()), (p(b.high), y)], BLACK.stroke_width(2))
            }))
            .map_err(err)?;
        if let Some(r) = self.reference {
            chart
                .draw_series(DashedLineSeries::new(
                    [(p(r), SegmentValue::Exact(0)), (p(r), SegmentValue::Last)],
                    8,
                    5,
                    RED.stroke_width(2),
                ))
                .map_err(err)?;
        }
        Ok(())
    }
}

impl Chart for IntervalBars<'_> {
    fn title(&self) -> &str {
        self.title
    }

    fn is_empty(&self) -> bool {
        !any_finite(self.bars.iter().map(|b| b.value))
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        self.draw_rows(root, None, &[])
    }
}

/// [`IntervalBars`] with a title on the category axis ([`IntervalBars::with_row_title`]) or a
/// band shaded behind each bar ([`IntervalBars::with_bands`]).
pub struct DecoratedBars<'a> {
    /// The bars.
    pub bars: IntervalBars<'a>,
    /// What the rows are, if said.
    pub row_title: Option<&'a str>,
    /// Per bar, its band (empty: no bands).
    pub bands: &'a [Option<(f64, f64)>],
}

impl Chart for DecoratedBars<'_> {
    fn title(&self) -> &str {
        self.bars.title
    }

    fn is_empty(&self) -> bool {
        self.bars.is_empty()
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        self.bars.draw_rows(root, self.row_title, self.bands)
    }
}

/// One named distribution: `(value, share)` points.
#[derive(Clone, Debug)]
pub struct Series {
    /// Legend name.
    pub name: String,
    /// `(value, share of observations)` in increasing value order.
    pub points: Vec<(i64, f64)>,
}

/// Distributions of integer values drawn as lines with markers, one per series.
pub struct Distributions<'a> {
    /// Chart title.
    pub title: &'a str,
    /// Label of the value axis.
    pub x_label: &'a str,
    /// The distributions.
    pub series: &'a [Series],
    /// A logarithmic share axis (for heavy tails); shares of 0 are left out.
    pub log: bool,
}

impl Chart for Distributions<'_> {
    fn title(&self) -> &str {
        self.title
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let y = |v: f64| if self.log { v.log10() } else { v };
        let shown = |p: &&(i64, f64)| !self.log || p.1 > 0.0;
        let all = || self.series.iter().flat_map(|s| s.points.iter().filter(shown));
        let x_min = all().map(|p| p.0).min().unwrap_or(0);
        let x_max = all().map(|p| p.0).max().unwrap_or(1).max(x_min + 1);
        let (y_min, y_max) = match self.log {
            true => {
                let (lo, hi) =
                    all().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), p| (l.min(y(p.1)), h.max(y(p.1))));
                if lo.is_finite() { (lo - 0.2, hi + 0.2) } else { (-6.0, 0.0) }
            }
            false => (0.0, all().map(|p| p.1).fold(0.0, f64::max).max(1e-6) * 1.08),
        };
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(root)
            .caption(self.title, (FONT, title_size(self.title, root.dim_in_pixel().0, 26)))
            .margin(15)
            .x_label_area_size(55)
            .y_label_area_size(80)
            .build_cartesian_2d(x_min as f64 - 0.5..x_max as f64 + 0.5, value_axis(y_min, y_max, self.log))
            .map_err(err)?;
        let mut mesh = chart.configure_mesh();
        mesh.x_desc(self.x_label)
            .x_label_formatter(&|v| format!("{v:.0}"))
            .y_desc("share of observations")
            .label_style((FONT, 15))
            .axis_desc_style((FONT, 18));
        let power = |v: &f64| log_tick(*v);
        if self.log {
            mesh.y_desc("share of observations (log scale)").y_label_formatter(&power);
        }
        mesh.draw().map_err(err)?;
        for (k, s) in self.series.iter().enumerate() {
            let colour = Palette99::pick(k).to_rgba();
            let pts: Vec<(f64, f64)> = s.points.iter().filter(shown).map(|&(x, v)| (x as f64, y(v))).collect();
            chart
                .draw_series(LineSeries::new(pts.iter().copied(), colour.stroke_width(2)))
                .map_err(err)?
                .label(s.name.as_str())
                .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], colour.stroke_width(3)));
            chart.draw_series(pts.iter().map(|&p| Circle::new(p, 3, colour.filled()))).map_err(err)?;
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .label_font((FONT, 16))
            .position(SeriesLabelPosition::UpperRight)
            .draw()
            .map_err(err)?;
        Ok(())
    }

    fn is_empty(&self) -> bool {
        let shown = self.series.iter().flat_map(|s| &s.points).filter(|p| !self.log || p.1 > 0.0);
        !any_finite(shown.map(|p| p.1))
    }
}

/// Horizontal stacked bars: one bar per row, split into parts (negative parts drawn left
/// of zero), with a legend of the parts.
pub struct StackedBars<'a> {
    /// Chart title.
    pub title: &'a str,
    /// Label of the value axis.
    pub x_label: &'a str,
    /// The parts' names, in stacking order.
    pub parts: &'a [&'a str],
    /// Each row's label and its parts' values (in `parts` order), drawn top to bottom.
    pub stacks: &'a [(String, Vec<f64>)],
}

impl Chart for StackedBars<'_> {
    fn title(&self) -> &str {
        self.title
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let stacks = self.stacks;
        let n = stacks.len() as i32;
        let sum = |f: fn(&f64) -> bool| stacks.iter().map(move |s| s.1.iter().filter(|v| f(v)).sum::<f64>());
        // Room on the right for the legend.
        let hi = sum(|v| *v > 0.0).fold(0.0, f64::max).max(1e-9) * 1.3;
        let lo = sum(|v| *v < 0.0).fold(0.0, f64::min) * 1.05;
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(root)
            .caption(self.title, (FONT, title_size(self.title, root.dim_in_pixel().0, 24)))
            .margin(15)
            .x_label_area_size(55)
            .y_label_area_size(230)
            .build_cartesian_2d(lo..hi, (0..n - 1).into_segmented())
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .x_desc(self.x_label)
            .y_labels(label_count(stacks.len()))
            .y_label_formatter(&|v| match v {
                SegmentValue::CenterOf(r) if (0..n).contains(r) => stacks[(n - 1 - r) as usize].0.clone(),
                _ => String::new(),
            })
            .label_style((FONT, 14))
            .axis_desc_style((FONT, 18))
            .draw()
            .map_err(err)?;
        for (k, part) in self.parts.iter().enumerate() {
            let colour = Palette99::pick(k).to_rgba();
            let rects = stacks.iter().enumerate().map(|(i, (_, values))| {
                let v = values[k];
                let before: f64 = values[..k].iter().filter(|&&x| (x < 0.0) == (v < 0.0)).sum();
                let row = n - 1 - i as i32;
                let mut r = Rectangle::new(
                    [(before, SegmentValue::Exact(row)), (before + v, SegmentValue::Exact(row + 1))],
                    colour.filled(),
                );
                r.set_margin(4, 4, 0, 0);
                r
            });
            chart
                .draw_series(rects)
                .map_err(err)?
                .label(*part)
                .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 16, y + 6)], colour.filled()));
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .label_font((FONT, 15))
            .position(SeriesLabelPosition::UpperRight)
            .draw()
            .map_err(err)?;
        Ok(())
    }

    fn is_empty(&self) -> bool {
        self.parts.is_empty() || !any_finite(self.stacks.iter().flat_map(|s| s.1.iter().copied()))
    }
}

/// A matrix of values coloured around a neutral value (blue below, white at, red above).
pub struct Heatmap<'a> {
    /// Chart title.
    pub title: &'a str,
    /// Row labels, top to bottom.
    pub rows: &'a [String],
    /// Column labels, left to right.
    pub cols: &'a [String],
    /// `values[row * cols + col]`; NaN cells are drawn grey.
    pub values: &'a [f64],
    /// The value drawn white.
    pub neutral: f64,
    /// How far from `neutral` the colour saturates.
    pub spread: f64,
    /// Description of the axes, e.g. "row style vs column style".
    pub axes: (&'a str, &'a str),
}

impl Heatmap<'_> {
    fn colour(&self, v: f64) -> RGBColor {
        if v.is_nan() {
            return RGBColor(200, 200, 200);
        }
        let t = ((v - self.neutral) / self.spread).clamp(-1.0, 1.0);
        let fade = |c: u8, t: f64| (255.0 - (255.0 - f64::from(c)) * t.abs()) as u8;
        if t >= 0.0 {
            RGBColor(fade(200, t), fade(30, t), fade(30, t))
        } else {
            RGBColor(fade(30, t), fade(80, t), fade(200, t))
        }
    }
}

impl Heatmap<'_> {
    /// The mean of the values in rows `rows` and columns `cols` that are not NaN (NaN if none).
    fn block_mean(&self, rows: std::ops::Range<i32>, cols: std::ops::Range<i32>) -> f64 {
        let nc = self.cols.len();
        let cells = rows.flat_map(|r| cols.clone().map(move |c| r as usize * nc + c as usize));
        let (sum, k) = cells.map(|i| self.values[i]).filter(|v| !v.is_nan()).fold((0.0, 0), |(s, k), v| (s + v, k + 1));
        if k == 0 { f64::NAN } else { sum / f64::from(k) }
    }
}

impl<'a> Heatmap<'a> {
    /// This heatmap with each cell's value printed in it, with `digits` decimals.
    pub fn with_values(self, digits: usize) -> ValuedHeatmap<'a> {
        ValuedHeatmap { map: self, digits }
    }

    /// Draws the matrix; prints each cell's value with `digits` decimals when given.
    fn draw_cells<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>, digits: Option<usize>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let (nr, nc) = (self.rows.len() as i32, self.cols.len() as i32);
        let rows = self.rows;
        // Blocks of br × bc cells, one each on a large matrix.
        let block = |n: usize| n.div_ceil(MAX_CELLS).max(1) as i32;
        let (br, bc) = (block(self.rows.len()), block(self.cols.len()));
        let blocks = if br * bc > 1 { format!(" (blocks of {br}×{bc} cells: their mean)") } else { String::new() };
        root.fill(&WHITE).map_err(err)?;
        let (plot, legend) = root.split_horizontally(SIZE.0 - 110);
        let mut chart = ChartBuilder::on(&plot)
            .caption(self.title, (FONT, title_size(self.title, plot.dim_in_pixel().0, 24)))
            .margin(10)
            .x_label_area_size(150)
            .y_label_area_size(150)
            .build_cartesian_2d((0..nc - 1).into_segmented(), (0..nr - 1).into_segmented())
            .map_err(err)?;
        let name = |v: &SegmentValue<i32>| match v {
            SegmentValue::CenterOf(i) if (0..nr).contains(i) => rows[(nr - 1 - i) as usize].clone(),
            _ => String::new(),
        };
        chart
            .configure_mesh()
            .disable_mesh()
            .x_labels(self.cols.len().min(MAX_LABELS))
            .x_label_formatter(&|_| String::new())
            .y_labels(self.rows.len().min(MAX_LABELS))
            .y_label_formatter(&name)
            .y_label_style((FONT, 13))
            .x_desc(format!("{}{blocks}", self.axes.1))
            .y_desc(self.axes.0)
            .axis_desc_style((FONT, 17))
            .draw()
            .map_err(err)?;
        chart
            .draw_series(
                (0..nr).step_by(br as usize).flat_map(|r| (0..nc).step_by(bc as usize).map(move |c| (r, c))).map(
                    |(r, c)| {
                        let (r1, c1) = ((r + br).min(nr), (c + bc).min(nc));
                        Rectangle::new(
                            [
                                (SegmentValue::Exact(c), SegmentValue::Exact(nr - r1)),
                                (SegmentValue::Exact(c1), SegmentValue::Exact(nr - r)),
                            ],
                            self.colour(self.block_mean(r..r1, c..c1)).filled(),
                        )
                    },
                ),
            )
            .map_err(err)?;
        // Values only where a cell has room for one.
        if let Some(digits) = digits.filter(|_| self.rows.len().max(self.cols.len()) <= MAX_LABELS) {
            // Small matrices get larger numbers; dark cells white ones.
            let size = (260 / nr.max(nc).max(1)).clamp(8, 18);
            for (r, c) in (0..nr).flat_map(|r| (0..nc).map(move |c| (r, c))) {
                let v = self.values[(r * nc + c) as usize];
                if v.is_nan() {
                    continue;
                }
                let y = nr - 1 - r;
                let strong = ((v - self.neutral) / self.spread).abs() > 0.6;
                let colour = if strong { WHITE } else { BLACK };
                let style = (FONT, size).into_font().color(&colour).pos(Pos::new(HPos::Center, VPos::Center));
                let at = chart.backend_coord(&(SegmentValue::CenterOf(c), SegmentValue::CenterOf(y)));
                plot.draw(&Text::new(format!("{v:.digits$}"), at, style)).map_err(err)?;
            }
        }
        // Column labels, drawn by hand: plotters' rotated axis labels are
        // anchored half inside the plot.
        let style = (FONT, 13).into_font().transform(FontTransform::Rotate90);
        let every = self.cols.len().div_ceil(MAX_LABELS).max(1);
        for (c, label) in self.cols.iter().enumerate().step_by(every) {
            let (x, y) = chart.backend_coord(&(SegmentValue::CenterOf(c as i32), SegmentValue::Exact(0)));
            plot.draw(&Text::new(label.as_str(), (x + 6, y + 6), style.clone())).map_err(err)?;
        }
        let steps = 40;
        let mut bar = ChartBuilder::on(&legend)
            .margin_top(60)
            .margin_bottom(150)
            .margin_left(10)
            .right_y_label_area_size(60)
            .build_cartesian_2d(0.0..1.0, self.neutral - self.spread..self.neutral + self.spread)
            .map_err(err)?;
        // Labels right of the bar, left-aligned after their ticks (on the left, right-aligned,
        // the embedded font's measured width put the tick across the last digit).
        let span = 2.0 * self.spread;
        bar.configure_mesh()
            .disable_mesh()
            .disable_x_axis()
            .y_labels(5)
            .y_label_formatter(&|v| tick(*v, span))
            .label_style((FONT, 13))
            .draw()
            .map_err(err)?;
        let step = 2.0 * self.spread / f64::from(steps);
        bar.draw_series((0..steps).map(|k| {
            let v0 = self.neutral - self.spread + step * f64::from(k);
            Rectangle::new([(0.0, v0), (1.0, v0 + step)], self.colour(v0 + step / 2.0).filled())
        }))
        .map_err(err)?;
        Ok(())
    }
}

impl Chart for Heatmap<'_> {
    fn title(&self) -> &str {
        self.title
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        self.draw_cells(root, None)
    }

    fn is_empty(&self) -> bool {
        self.rows.is_empty() || self.cols.is_empty() || !any_finite(self.values.iter().copied())
    }
}

/// A [`Heatmap`] printing each cell's value ([`Heatmap::with_values`]).
pub struct ValuedHeatmap<'a> {
    /// The matrix.
    pub map: Heatmap<'a>,
    /// Decimals printed.
    pub digits: usize,
}

impl Chart for ValuedHeatmap<'_> {
    fn title(&self) -> &str {
        self.map.title
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        self.map.draw_cells(root, Some(self.digits))
    }

    fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

/// Estimates with 95% intervals along an ordered axis of categories (a grid key's values,
/// games played): per series a line through the estimates in a shaded band, and a dashed
/// reference line.
pub struct Band<'a> {
    /// Chart title.
    pub title: &'a str,
    /// Label of the category axis.
    pub x_label: &'a str,
    /// Label of the value axis.
    pub y_label: &'a str,
    /// The category labels, left to right.
    pub categories: &'a [String],
    /// `(legend name, one estimate per category)`; a lone series goes without a legend.
    pub series: &'a [(String, Vec<Bar>)],
    /// The value drawn dashed (e.g. 0 for a difference).
    pub reference: Option<f64>,
}

impl<'a> Band<'a> {
    /// This band with its categories placed at `positions` on a numeric axis (thresholds,
    /// advantages: 0.4 and 0.6 two steps of 0.1 apart, not one), one per category.
    pub fn placed(self, positions: &'a [f64]) -> PlacedBand<'a> {
        PlacedBand { band: self, positions }
    }

    /// Draws the band, category `i` at `positions[i]` when given, else at `i`.
    fn draw_at<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>, positions: Option<&[f64]>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let all = self.series.iter().flat_map(|s| s.1.iter());
        let values = all.flat_map(|b| [b.low, b.high, b.value]).chain(self.reference).filter(|v| v.is_finite());
        let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), v| (l.min(v), h.max(v)));
        let (lo, hi) = if lo.is_finite() { (lo, hi) } else { (0.0, 1.0) };
        let pad = (hi - lo).max(1e-9) * 0.08;
        let cats = self.categories;
        let xs: Vec<f64> = match positions {
            Some(p) => p.to_vec(),
            None => (0..cats.len()).map(|i| i as f64).collect(),
        };
        let (x_lo, x_hi) = xs.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &v| (l.min(v), h.max(v)));
        let (x_lo, x_hi) = if x_lo.is_finite() { (x_lo, x_hi) } else { (0.0, 0.0) };
        let x_pad = if positions.is_some() { (x_hi - x_lo).max(1e-9) * 0.05 } else { 0.5 };
        let ticks: Vec<f64> = xs.iter().step_by(cats.len().div_ceil(MAX_TICKS).max(1)).copied().collect();
        let x_range = ticked(x_lo - x_pad..x_hi + x_pad, ticks);
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(root)
            .caption(self.title, (FONT, title_size(self.title, root.dim_in_pixel().0, 24)))
            .margin(15)
            .x_label_area_size(60)
            .y_label_area_size(90)
            .build_cartesian_2d(x_range, lo - pad..hi + pad)
            .map_err(err)?;
        let label =
            |x: &f64| xs.iter().position(|p| (p - x).abs() < 1e-9).map_or_else(String::new, |i| cats[i].clone());
        chart
            .configure_mesh()
            .x_label_formatter(&label)
            .x_desc(self.x_label)
            .y_desc(self.y_label)
            .label_style((FONT, 14))
            .axis_desc_style((FONT, 18))
            .draw()
            .map_err(err)?;
        for (k, (name, pts)) in self.series.iter().enumerate() {
            let colour = Palette99::pick(k).to_rgba();
            let at = |i: usize, v: f64| (xs[i], v);
            let band: Vec<(f64, f64)> = pts
                .iter()
                .enumerate()
                .map(|(i, b)| at(i, b.high))
                .chain(pts.iter().enumerate().rev().map(|(i, b)| at(i, b.low)))
                .collect();
            chart.draw_series(std::iter::once(Polygon::new(band, colour.mix(0.2).filled()))).map_err(err)?;
            chart
                .draw_series(LineSeries::new(
                    pts.iter().enumerate().map(|(i, b)| at(i, b.value)),
                    colour.stroke_width(2),
                ))
                .map_err(err)?
                .label(name.as_str())
                .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], colour.stroke_width(3)));
            chart
                .draw_series(pts.iter().enumerate().map(|(i, b)| Circle::new(at(i, b.value), 4, colour.filled())))
                .map_err(err)?;
        }
        if let Some(r) = self.reference {
            chart
                .draw_series(DashedLineSeries::new([(x_lo - x_pad, r), (x_hi + x_pad, r)], 8, 5, RED.stroke_width(2)))
                .map_err(err)?;
        }
        if self.series.len() > 1 {
            chart
                .configure_series_labels()
                .background_style(WHITE.mix(0.85))
                .border_style(BLACK)
                .label_font((FONT, 14))
                .position(SeriesLabelPosition::UpperRight)
                .draw()
                .map_err(err)?;
        }
        Ok(())
    }
}

impl Chart for Band<'_> {
    fn title(&self) -> &str {
        self.title
    }

    fn is_empty(&self) -> bool {
        !any_finite(self.series.iter().flat_map(|s| &s.1).map(|b| b.value))
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        self.draw_at(root, None)
    }
}

/// A [`Band`] whose categories sit at numeric positions ([`Band::placed`]).
pub struct PlacedBand<'a> {
    /// The band.
    pub band: Band<'a>,
    /// Each category's place on the axis.
    pub positions: &'a [f64],
}

impl Chart for PlacedBand<'_> {
    fn title(&self) -> &str {
        self.band.title
    }

    fn is_empty(&self) -> bool {
        self.band.is_empty()
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        self.band.draw_at(root, Some(self.positions))
    }
}

/// `chart` drawn as SVG text, for tests that read what a chart shows.
#[cfg(test)]
pub(crate) fn svg_text(chart: &impl Chart) -> String {
    register_fonts();
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, SIZE).into_drawing_area();
        chart.draw(&root).and_then(|()| root.present().map_err(err)).expect("drawn");
    }
    text
}

/// The texts an SVG drawing shows (the contents of its `<text>` elements).
#[cfg(test)]
pub(crate) fn svg_texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| Some(t.split_once('>')?.1.split_once("</text>")?.0.trim().to_string()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{Bar, Heatmap, IntervalBars, svg_text, svg_texts, tick, title_size};

    fn bar(label: &str, value: f64, low: f64, high: f64) -> Bar {
        Bar { label: label.to_string(), value, low, high }
    }

    #[test]
    fn a_tick_has_the_decimals_its_axis_needs_and_no_sign_at_zero() {
        assert_eq!(
            (tick(-1e-17, 1.0), tick(-0.4, 1000.0), tick(-0.0004, 1.0)),
            ("0.000".into(), "0".into(), "0.000".into())
        );
        assert_eq!(
            (tick(-0.2, 1.0), tick(-1200.4, 1000.0), tick(0.5, 1.0)),
            ("-0.200".into(), "-1200".into(), "0.500".into())
        );
        assert_eq!((tick(-0.0025, 0.006), tick(-0.003, 0.006)), ("-0.0025".into(), "-0.0030".into()), "a narrow axis");
    }

    #[test]
    fn a_long_title_is_set_smaller_to_fit_and_a_short_one_is_not() {
        assert_eq!(title_size("a duel: final points", 990, 24), 24);
        let long = "a duel: average place (1 = first; lower is better), row minus column, same games, all seat orders";
        let size = title_size(long, 990, 24);
        assert!(size < 24 && 0.5 * f64::from(size) * long.len() as f64 <= 990.0, "{size}");
        assert_eq!(title_size(&long.repeat(4), 990, 24), 14, "never under 14");
    }

    #[test]
    fn log_axis_ticks_are_plain_round_numbers() {
        // Values from 7 to 480: ticks at 10, 20, 50, 100, 200 (not 6.31e0, 1.00e1, …).
        let bars = [bar("a", 480.0, 470.0, 490.0), bar("b", 7.0, 6.9, 7.1)];
        let chart = IntervalBars { title: "t", x_label: "x", bars: &bars, reference: None, log: true };
        let texts = svg_texts(&svg_text(&chart));
        for tick in ["10", "20", "50", "100", "200"] {
            assert!(texts.iter().any(|t| t == tick), "tick {tick} missing from {texts:?}");
        }
        assert!(!texts.iter().any(|t| t.contains('e') && t.chars().any(|c| c.is_ascii_digit())), "{texts:?}");
        // Shares: 0.001 … 0.5 in plain decimals.
        let bars = [bar("a", 0.4, 0.39, 0.41), bar("b", 0.002, 0.001, 0.003)];
        let chart = IntervalBars { title: "t", x_label: "x", bars: &bars, reference: None, log: true };
        let texts = svg_texts(&svg_text(&chart));
        for tick in ["0.001", "0.002", "0.005", "0.01", "0.1", "0.2"] {
            assert!(texts.iter().any(|t| t == tick), "tick {tick} missing from {texts:?}");
        }
    }

    #[test]
    fn plain_numbers_keep_three_significant_digits_without_exponents() {
        assert_eq!(super::plain(0.01), "0.01");
        assert_eq!(super::plain(10f64.powf(0.01f64.log10())), "0.01");
        assert_eq!(super::plain(2.0), "2");
        assert_eq!(super::plain(500.0), "500");
        assert_eq!(super::plain(1e6), "1000000");
        assert_eq!(super::plain(2e-6), "0.000002");
        assert_eq!(super::plain(6.3096), "6.31");
        assert_eq!(super::log_tick(2f64.log10()), "2");
    }

    #[test]
    fn log_axis_falls_back_to_round_values_within_a_factor_of_two() {
        // 0.30 to 0.45: no 1, 2 or 5 in range, so round values in between.
        let axis = super::value_axis(0.3f64.log10(), 0.45f64.log10(), true);
        let labels: Vec<String> = axis.ticks.iter().map(|p| super::log_tick(*p)).collect();
        assert!(labels.len() >= 3 && labels.contains(&"0.4".to_string()), "{labels:?}");
    }

    #[test]
    fn a_zero_on_a_log_axis_draws_no_bar() {
        let bars = [bar("seen", 0.1, 0.09, 0.11), bar("not seen", 0.0, 0.0, 0.001)];
        let log = IntervalBars { title: "t", x_label: "x", bars: &bars, reference: None, log: true };
        let linear = IntervalBars { log: false, ..log };
        let filled = |svg: &str| svg.matches("opacity=\"0.45\" fill=\"#0000FF\"").count();
        assert_eq!(filled(&svg_text(&linear)), 2);
        assert_eq!(filled(&svg_text(&log)), 1);
    }

    #[test]
    fn a_placed_band_spaces_its_categories_by_their_values() {
        let cats: Vec<String> = ["+0.00", "+0.10", "+0.20", "+0.30", "+0.40", "+0.60"].map(String::from).to_vec();
        let points: Vec<Bar> = (0..6).map(|i| bar("", f64::from(i), f64::from(i) - 0.1, f64::from(i) + 0.1)).collect();
        let series = [("s".to_string(), points)];
        let band = super::Band {
            title: "t",
            x_label: "x",
            y_label: "y",
            categories: &cats,
            series: &series,
            reference: Some(0.0),
        };
        let svg = svg_text(&band.placed(&[0.0, 0.1, 0.2, 0.3, 0.4, 0.6]));
        // The x of each tick label: the step 0.4 → 0.6 is twice 0.3 → 0.4.
        let x = |label: &str| -> f64 {
            let at = svg.find(&format!(">\n{label}\n</text>")).or_else(|| svg.find(&format!(">{label}</text>")));
            let head = &svg[..at.unwrap_or_else(|| panic!("{label} not drawn"))];
            let tag = &head[head.rfind("<text").expect("a text element")..];
            tag.split("x=\"").nth(1).and_then(|r| r.split('"').next()).and_then(|v| v.parse().ok()).expect("an x")
        };
        let (one, two) = (x("+0.40") - x("+0.30"), x("+0.60") - x("+0.40"));
        assert!((two / one - 2.0).abs() < 0.1, "steps {one} and {two} pixels");
    }

    #[test]
    fn a_saved_chart_carries_its_title_for_captions() {
        let dir = std::env::temp_dir().join(format!("sim-chart-title-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bars = [bar("a", 0.6, 0.5, 0.7)];
        let title = "Win rate <A & B>";
        super::save(&dir.join("w"), &IntervalBars { title, x_label: "x", bars: &bars, reference: None, log: false })
            .unwrap();
        assert_eq!(super::saved_title(&dir.join("w.png")).as_deref(), Some(title));
        let svg = std::fs::read_to_string(dir.join("w.svg")).unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "still one SVG document");
        assert_eq!(super::saved_title(&dir.join("none.png")), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_valued_heatmap_writes_each_cell_in_it() {
        let names = ["A".to_string(), "B".to_string()];
        let map = Heatmap {
            title: "t",
            rows: &names,
            cols: &names,
            values: &[0.5, 0.713, 0.287, f64::NAN],
            neutral: 0.5,
            spread: 0.5,
            axes: ("row", "column"),
        };
        let texts = svg_texts(&svg_text(&map.with_values(3)));
        for v in ["0.500", "0.713", "0.287"] {
            assert!(texts.iter().any(|t| t == v), "cell {v} missing from {texts:?}");
        }
        assert!(!texts.iter().any(|t| t == "NaN"));
    }

    fn bars(reference: Option<f64>, log: bool) -> IntervalBars<'static> {
        IntervalBars { title: "", x_label: "", bars: &[], reference, log }
    }

    #[test]
    fn bars_without_a_reference_grow_from_zero_on_a_linear_axis() {
        // Shares from 0.05 up: the bars' lengths must compare as the shares do.
        assert_eq!(bars(None, false).axis_start(0.05, 0.02), 0.0);
        // Around a reference the axis may start near the values (never below 0 for
        // values that are not negative) ...
        assert!((bars(Some(0.5), false).axis_start(0.4, 0.02) - 0.38).abs() < 1e-12);
        assert_eq!(bars(Some(0.5), false).axis_start(0.01, 0.02), 0.0);
        // ... and a log axis starts below its smallest position (log10 of a share).
        assert!((bars(None, true).axis_start(-2.0, 0.1) + 2.1).abs() < 1e-12);
        assert!((bars(None, false).axis_start(-1.0, 0.1) + 1.1).abs() < 1e-12);
    }
}
