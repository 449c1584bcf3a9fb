//! What `sim merge` checks in a shard's accumulator before adding it, whatever the study:
//! the accumulator is taken apart by its own `Serialize` into a [`Node`] tree of typed
//! integers, which is compared with the study's empty accumulator and with the other shard.
//!
//! - Its shape: the same fields, and every list as long as the study's (a truncated
//!   `cells` list would make the addition panic).
//! - The settings a statistic carries: a [`Histogram`](crate::stats::Histogram)'s `min`.
//! - The counts' consistency: a [`Rate`](crate::stats::Rate)'s successes at most its
//!   trials, a histogram's out-of-range counts at most its total, a
//!   [`Moments`](crate::stats::Moments)'s sums possible for its count.
//! - That the addition stays in range of every field's own integer type (no wrap).
//!
//! Errors name the field by its path, e.g. `acc.subjects[2].wins.trials`.

use serde::Serialize;
use serde::ser::{self, Impossible};
use std::fmt;

/// An accumulator's value, by its serialised structure.
#[derive(Debug, PartialEq)]
pub enum Node {
    /// An integer of `bits` bits, signed or not.
    Int {
        /// Its value.
        value: i128,
        /// Whether its type is signed.
        signed: bool,
        /// The width of its type (128 for u128: the value is then kept as i128 only up to i128::MAX).
        bits: u32,
    },
    /// Anything else with no arithmetic (a float, a string, a flag), as text.
    Leaf(String),
    /// A list, tuple or array.
    Seq(Vec<Node>),
    /// A struct (its type name) or a map (no name), field by field.
    Fields(Option<&'static str>, Vec<(String, Node)>),
}

/// Why a value could not be taken apart.
#[derive(Debug)]
pub struct Unsupported(String);

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unsupported {}

impl ser::Error for Unsupported {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Unsupported(msg.to_string())
    }
}

/// `value` as a tree.
pub fn tree<T: Serialize>(value: &T) -> Result<Node, Unsupported> {
    value.serialize(Tree)
}

/// Checks `shard` against `empty` (the study's empty accumulator): shape, settings and counts.
pub fn check(shard: &Node, empty: &Node, path: &str) -> Result<(), String> {
    match (shard, empty) {
        (Node::Int { .. }, Node::Int { .. }) | (Node::Leaf(_), Node::Leaf(_)) => Ok(()),
        (Node::Seq(a), Node::Seq(b)) if a.len() == b.len() => {
            a.iter().zip(b).enumerate().try_for_each(|(i, (a, b))| check(a, b, &format!("{path}[{i}]")))
        }
        (Node::Seq(a), Node::Seq(b)) => Err(format!("{path} has {} entries, the study has {}", a.len(), b.len())),
        (Node::Fields(name, a), Node::Fields(_, b)) => {
            let keys = |f: &[(String, Node)]| f.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>();
            if keys(a) != keys(b) {
                return Err(format!("{path} has the fields {:?}, the study {:?}", keys(a), keys(b)));
            }
            for ((key, a), (_, b)) in a.iter().zip(b) {
                check(a, b, &format!("{path}.{key}"))?;
            }
            consistent(*name, a, b, path)
        }
        _ => Err(format!("{path} is not of the study's kind")),
    }
}

/// The integer field `key` of `fields`.
fn int(fields: &[(String, Node)], key: &str) -> i128 {
    fields.iter().find(|(k, _)| k == key).map_or(0, |(_, n)| if let Node::Int { value, .. } = n { *value } else { 0 })
}

/// The statistics' own invariants (their fields are the `stats` types' serde names).
fn consistent(name: Option<&str>, f: &[(String, Node)], empty: &[(String, Node)], path: &str) -> Result<(), String> {
    match name {
        Some("Rate") if int(f, "half_successes") > 2 * int(f, "trials") => {
            Err(format!("{path}: {} successes in {} trials", int(f, "half_successes") as f64 / 2.0, int(f, "trials")))
        }
        Some("Histogram") if int(f, "min") != int(empty, "min") => {
            Err(format!("{path}.min is {}, the study's histogram starts at {}", int(f, "min"), int(empty, "min")))
        }
        Some("Histogram") => {
            let total: i128 = f.iter().find(|(k, _)| k == "counts").map_or(0, |(_, c)| match c {
                Node::Seq(c) => c.iter().map(|n| if let Node::Int { value, .. } = n { *value } else { 0 }).sum(),
                _ => 0,
            });
            match int(f, "below") + int(f, "above") > total {
                true => Err(format!("{path}: more values out of range (below, above) than counted")),
                false => Ok(()),
            }
        }
        Some("Moments") => {
            let (n, sum, sum_sq) = (int(f, "n"), int(f, "sum"), int(f, "sum_sq"));
            let possible = match n {
                0 => sum == 0 && sum_sq == 0,
                // Σx² ≥ (Σx)²/n (Cauchy–Schwarz), with both sides representable: no real run
                // comes near i128's range, and the variance is computed from them.
                _ => sum_sq >= 0 && sum.checked_mul(sum).zip(n.checked_mul(sum_sq)).is_some_and(|(s2, ns)| s2 <= ns),
            };
            if possible { Ok(()) } else { Err(format!("{path}: sums impossible for {n} observations")) }
        }
        _ => Ok(()),
    }
}

/// Checks that adding `b` to `a` (of one shape) keeps every integer in its type's range.
pub fn check_sum(a: &Node, b: &Node, path: &str) -> Result<(), String> {
    match (a, b) {
        (Node::Int { value: x, signed, bits }, Node::Int { value: y, .. }) => {
            let (low, high) = match (*signed, *bits) {
                (true, 128) => (i128::MIN, i128::MAX),
                (true, w) => (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1),
                (false, 128) => (0, i128::MAX),
                (false, w) => (0, (1i128 << w) - 1),
            };
            match x.checked_add(*y).filter(|s| (low..=high).contains(s)) {
                Some(_) => Ok(()),
                None => Err(format!("{path}: {x} + {y} is out of range (more than the counts can hold)")),
            }
        }
        (Node::Seq(a), Node::Seq(b)) => {
            a.iter().zip(b).enumerate().try_for_each(|(i, (a, b))| check_sum(a, b, &format!("{path}[{i}]")))
        }
        (Node::Fields(_, a), Node::Fields(_, b)) => {
            a.iter().zip(b).try_for_each(|((k, a), (_, b))| check_sum(a, b, &format!("{path}.{k}")))
        }
        _ => Ok(()),
    }
}

/// The serializer that builds a [`Node`].
struct Tree;

/// A list or a struct being built.
struct Compound {
    name: Option<&'static str>,
    seq: Vec<Node>,
    fields: Vec<(String, Node)>,
    key: Option<String>,
}

impl Compound {
    fn new(name: Option<&'static str>) -> Compound {
        Compound { name, seq: Vec::new(), fields: Vec::new(), key: None }
    }
}

macro_rules! int {
    ($($f:ident $t:ty, $signed:expr, $bits:expr;)*) => {$(
        fn $f(self, v: $t) -> Result<Node, Unsupported> {
            let value = i128::try_from(v).map_err(|_| Unsupported(format!("{v} is beyond the range merge checks")))?;
            Ok(Node::Int { value, signed: $signed, bits: $bits })
        }
    )*};
}

impl ser::Serializer for Tree {
    type Ok = Node;
    type Error = Unsupported;
    type SerializeSeq = Compound;
    type SerializeTuple = Compound;
    type SerializeTupleStruct = Compound;
    type SerializeTupleVariant = Impossible<Node, Unsupported>;
    type SerializeMap = Compound;
    type SerializeStruct = Compound;
    type SerializeStructVariant = Impossible<Node, Unsupported>;

    int! {
        serialize_i8 i8, true, 8; serialize_i16 i16, true, 16; serialize_i32 i32, true, 32;
        serialize_i64 i64, true, 64; serialize_i128 i128, true, 128;
        serialize_u8 u8, false, 8; serialize_u16 u16, false, 16; serialize_u32 u32, false, 32;
        serialize_u64 u64, false, 64; serialize_u128 u128, false, 128;
    }

    fn serialize_bool(self, v: bool) -> Result<Node, Unsupported> {
        Ok(Node::Leaf(v.to_string()))
    }
    fn serialize_f32(self, v: f32) -> Result<Node, Unsupported> {
        Ok(Node::Leaf(v.to_string()))
    }
    fn serialize_f64(self, v: f64) -> Result<Node, Unsupported> {
        Ok(Node::Leaf(v.to_string()))
    }
    fn serialize_char(self, v: char) -> Result<Node, Unsupported> {
        Ok(Node::Leaf(v.to_string()))
    }
    fn serialize_str(self, v: &str) -> Result<Node, Unsupported> {
        Ok(Node::Leaf(v.to_string()))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Node, Unsupported> {
        Ok(Node::Seq(v.iter().map(|&b| Node::Int { value: i128::from(b), signed: false, bits: 8 }).collect()))
    }
    fn serialize_none(self) -> Result<Node, Unsupported> {
        Ok(Node::Leaf("none".into()))
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<Node, Unsupported> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<Node, Unsupported> {
        Ok(Node::Leaf(String::new()))
    }
    fn serialize_unit_struct(self, name: &'static str) -> Result<Node, Unsupported> {
        Ok(Node::Leaf(name.into()))
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result<Node, Unsupported> {
        Ok(Node::Leaf(variant.into()))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, v: &T) -> Result<Node, Unsupported> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        v: &T,
    ) -> Result<Node, Unsupported> {
        Ok(Node::Fields(None, vec![(variant.to_string(), v.serialize(self)?)]))
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Compound, Unsupported> {
        Ok(Compound::new(None))
    }
    fn serialize_tuple(self, _: usize) -> Result<Compound, Unsupported> {
        Ok(Compound::new(None))
    }
    fn serialize_tuple_struct(self, name: &'static str, _: usize) -> Result<Compound, Unsupported> {
        Ok(Compound::new(Some(name)))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Unsupported> {
        Err(Unsupported(format!("variant {variant} is not an accumulator's")))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Compound, Unsupported> {
        Ok(Compound::new(None))
    }
    fn serialize_struct(self, name: &'static str, _: usize) -> Result<Compound, Unsupported> {
        Ok(Compound::new(Some(name)))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Unsupported> {
        Err(Unsupported(format!("variant {variant} is not an accumulator's")))
    }
}

impl Compound {
    fn element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Unsupported> {
        self.seq.push(v.serialize(Tree)?);
        Ok(())
    }
    fn list(self) -> Node {
        Node::Seq(self.seq)
    }
    fn field<T: Serialize + ?Sized>(&mut self, key: &str, v: &T) -> Result<(), Unsupported> {
        self.fields.push((key.to_string(), v.serialize(Tree)?));
        Ok(())
    }
    fn record(self) -> Node {
        Node::Fields(self.name, self.fields)
    }
}

macro_rules! seq_like {
    ($($trait:ident $method:ident;)*) => {$(
        impl ser::$trait for Compound {
            type Ok = Node;
            type Error = Unsupported;
            fn $method<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Unsupported> {
                self.element(v)
            }
            fn end(self) -> Result<Node, Unsupported> {
                Ok(self.list())
            }
        }
    )*};
}

seq_like! { SerializeSeq serialize_element; SerializeTuple serialize_element; SerializeTupleStruct serialize_field; }

impl ser::SerializeMap for Compound {
    type Ok = Node;
    type Error = Unsupported;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, k: &T) -> Result<(), Unsupported> {
        self.key = Some(match k.serialize(Tree)? {
            Node::Leaf(s) => s,
            Node::Int { value, .. } => value.to_string(),
            _ => return Err(Unsupported("a map key that is not a name or a number".into())),
        });
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Unsupported> {
        let key = self.key.take().unwrap_or_default();
        self.field(&key, v)
    }
    fn end(self) -> Result<Node, Unsupported> {
        Ok(self.record())
    }
}

impl ser::SerializeStruct for Compound {
    type Ok = Node;
    type Error = Unsupported;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, v: &T) -> Result<(), Unsupported> {
        self.field(key, v)
    }
    fn end(self) -> Result<Node, Unsupported> {
        Ok(self.record())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::{Histogram, Moments, Rate};

    #[derive(Serialize)]
    struct Acc {
        rates: Vec<Rate>,
        hist: Histogram,
        spread: Moments,
        games: u64,
    }

    fn acc() -> Acc {
        Acc { rates: vec![Rate::default(); 2], hist: Histogram::new(-5, 5), spread: Moments::default(), games: 0 }
    }

    fn fails(shard: &Acc) -> String {
        check(&tree(shard).unwrap(), &tree(&acc()).unwrap(), "acc").unwrap_err()
    }

    #[test]
    fn a_shard_of_another_shape_or_impossible_counts_is_named_by_its_field() {
        let mut a = acc();
        a.rates.pop();
        assert_eq!(fails(&a), "acc.rates has 1 entries, the study has 2");
        let mut a = acc();
        a.rates[1] = Rate { half_successes: 7, trials: 3 };
        assert_eq!(fails(&a), "acc.rates[1]: 3.5 successes in 3 trials");
        let mut a = acc();
        a.hist.min = -4;
        assert_eq!(fails(&a), "acc.hist.min is -4, the study's histogram starts at -5");
        let mut a = acc();
        a.spread = Moments { n: 2, sum: 10, sum_sq: 1 };
        assert_eq!(fails(&a), "acc.spread: sums impossible for 2 observations");
        let mut a = acc();
        a.spread.record(3);
        a.rates[0] = Rate { half_successes: 4, trials: 2 };
        assert!(check(&tree(&a).unwrap(), &tree(&acc()).unwrap(), "acc").is_ok());
    }

    #[test]
    fn a_sum_beyond_a_fields_type_is_refused() {
        let mut a = acc();
        a.games = u64::MAX - 1;
        let mut b = acc();
        b.games = 1;
        assert!(check_sum(&tree(&a).unwrap(), &tree(&b).unwrap(), "acc").is_ok());
        b.games = 2;
        let e = check_sum(&tree(&a).unwrap(), &tree(&b).unwrap(), "acc").unwrap_err();
        assert!(e.starts_with("acc.games: 18446744073709551614 + 2 is out of range"), "{e}");
    }
}
