//! Building a table's DataFrame column by column, with one call for an estimate's three
//! columns: its value under its own name, then `ci_low` and `ci_high`, the ends of its 95%
//! interval (the names every table of `notebooks-data/README.md` uses).

use crate::stats::Interval;
use polars::prelude::{Column, DataFrame, NamedFrom, PolarsResult, Series};

/// The columns of a table, in order.
#[derive(Default)]
pub struct Frame {
    columns: Vec<Column>,
}

impl Frame {
    /// A table with no columns yet.
    pub fn new() -> Frame {
        Frame::default()
    }

    /// Adds the column `name` (what `df!` takes: a `Vec` or slice of numbers, strings or
    /// booleans).
    pub fn col<T, P: ?Sized>(mut self, name: &str, values: T) -> Frame
    where
        Series: NamedFrom<T, P>,
    {
        self.columns.push(Column::from(Series::new(name.into(), values)));
        self
    }

    /// Adds an estimate's columns: `name` (the values), `ci_low` and `ci_high`.
    pub fn estimates(self, name: &str, estimates: impl IntoIterator<Item = (f64, Interval)>) -> Frame {
        let (mut values, mut low, mut high) = (Vec::new(), Vec::new(), Vec::new());
        for (v, ci) in estimates {
            values.push(v);
            low.push(ci.low);
            high.push(ci.high);
        }
        self.col(name, values).col("ci_low", low).col("ci_high", high)
    }

    /// The DataFrame (an error if the columns differ in length).
    pub fn build(self) -> PolarsResult<DataFrame> {
        DataFrame::new_infer_height(self.columns)
    }
}

#[cfg(test)]
mod tests {
    use super::Frame;
    use crate::stats::{Interval, Rate};
    use polars::prelude::df;

    #[test]
    fn an_estimate_is_its_value_and_interval_columns_as_df_writes_them() {
        let rates = [Rate::of(3, 10), Rate::of(0, 4)];
        let built = Frame::new()
            .col("arm", vec!["a", "b"])
            .estimates("rate", rates.iter().map(Rate::estimate))
            .col("games", vec![10u64, 4])
            .build()
            .unwrap();
        let by_hand = df!(
            "arm" => ["a", "b"],
            "rate" => rates.iter().map(Rate::value).collect::<Vec<_>>(),
            "ci_low" => rates.iter().map(|r| r.interval().low).collect::<Vec<_>>(),
            "ci_high" => rates.iter().map(|r| r.interval().high).collect::<Vec<_>>(),
            "games" => [10u64, 4],
        )
        .unwrap();
        assert!(built.equals(&by_hand), "{built} differs from {by_hand}");
        assert_eq!(built.column("ci_high").unwrap().f64().unwrap().get(0), Some(rates[0].interval().high));
        let uneven = Frame::new().col("a", vec![1u64]).estimates("b", [(0.0, Interval { low: 0.0, high: 0.0 }); 2]);
        assert!(uneven.build().is_err(), "columns of different lengths built a table");
    }
}
