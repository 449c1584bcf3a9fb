//! Adding up accumulators: the [`Merge`] trait, its impls for counts, arrays, `Vec`s and the
//! statistics of [`crate::stats`], and [`merge_fields!`], which derives it (and `+=`, what
//! the runner and a shard merge use) for a struct from its fields, as libriichi derives
//! `Add` on its stats. The macro names every field in a pattern without `..`, so a field
//! added to an accumulator and not to its merge list does not compile.
//!
//! Element-wise merges zip: two accumulators of one study have the same shape (a saved
//! state's shape is checked against the study's empty one before it is added, by
//! [`crate::tally`]).

use crate::paired::Paired;
use crate::stats::{Histogram, Moments, Rate};

/// A value that adds another of its kind into itself: the counts of two runs of games
/// become the counts of both.
pub trait Merge {
    /// Adds `other` into `self`.
    fn merge(&mut self, other: Self);
}

/// [`Merge`] as `+=`, for the counts and the statistics that add themselves.
macro_rules! merge_by_add {
    ($($t:ty),*) => {
        $(impl Merge for $t {
            fn merge(&mut self, other: Self) {
                *self += other;
            }
        })*
    };
}

merge_by_add!(u32, u64, i64, u128, i128, Rate, Moments, Histogram, Paired);

impl<T: Merge, const N: usize> Merge for [T; N] {
    fn merge(&mut self, other: Self) {
        self.iter_mut().zip(other).for_each(|(a, b)| a.merge(b));
    }
}

impl<T: Merge> Merge for Vec<T> {
    fn merge(&mut self, other: Self) {
        self.iter_mut().zip(other).for_each(|(a, b)| a.merge(b));
    }
}

/// Derives [`Merge`] and `AddAssign` for a struct whose every field merges, from the list
/// of all its fields: `merge_fields!(Counts { wins, tsumo })`.
#[macro_export]
macro_rules! merge_fields {
    ($t:ident { $($field:ident),* $(,)? }) => {
        impl $crate::merge::Merge for $t {
            fn merge(&mut self, other: Self) {
                let $t { $($field),* } = other;
                $($crate::merge::Merge::merge(&mut self.$field, $field);)*
            }
        }

        impl std::ops::AddAssign for $t {
            fn add_assign(&mut self, other: Self) {
                $crate::merge::Merge::merge(self, other);
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::Merge;
    use crate::stats::{Moments, Rate};

    #[derive(Clone, Debug, Default, PartialEq)]
    struct Acc {
        games: u64,
        seats: [u64; 2],
        win: Rate,
        points: Vec<Moments>,
        nested: Vec<[i64; 2]>,
    }
    merge_fields!(Acc { games, seats, win, points, nested });

    #[test]
    fn every_field_adds_element_by_element() {
        let mut a = Acc { points: vec![Moments::default(); 2], nested: vec![[1, 2]], ..Acc::default() };
        a.games = 3;
        a.seats = [1, 2];
        a.win.record(true);
        a.points[1].record(4);
        let mut b = a.clone();
        b.win.record(false);
        b.points[0].record(-2);
        b.nested[0] = [10, -20];
        a += b;
        assert_eq!((a.games, a.seats, a.nested), (6, [2, 4], vec![[11, -18]]));
        assert_eq!((a.win.trials, a.win.half_successes), (3, 4));
        assert_eq!((a.points[0].n, a.points[0].sum), (1, -2));
        assert_eq!((a.points[1].n, a.points[1].sum, a.points[1].sum_sq), (2, 8, 32));
    }

    #[test]
    fn merging_an_empty_accumulator_changes_nothing() {
        let mut a = Acc { games: 5, seats: [2, 3], points: vec![Moments::default()], ..Acc::default() };
        a.points[0].record(7);
        let before = a.clone();
        a.merge(Acc { points: vec![Moments::default()], ..Acc::default() });
        assert_eq!(a, before);
    }
}
