//! The one-of settings of a configuration type (a strategy's `riichi = "likely"`, a bot's
//! `style`): each key whose value is one name of a list, with that list, read from the type's
//! own `Deserialize` (the variants serde's derive passes to `deserialize_enum`), so the
//! allowed values are written once, in the enum. Tools that vary settings (`sim
//! deviations`) use it to try each other value.

use serde::Deserialize;
use serde::de::value::{Error, StrDeserializer};
use serde::de::{self, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, Visitor};
use std::cell::RefCell;

/// One one-of setting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OneOf {
    /// The dotted key in the configuration's TOML (`riichi`, `draw.plan`).
    pub key: String,
    /// The values it may take, as written in TOML, in the enum's order.
    pub values: &'static [&'static str],
}

/// Every one-of setting of `T` (a struct, maybe with nested tables), in field order; an
/// error says what the reading of `T` stopped at.
pub fn one_of<T: for<'de> Deserialize<'de>>() -> Result<Vec<OneOf>, String> {
    let found = RefCell::new(Vec::new());
    T::deserialize(Probe { key: String::new(), found: &found }).map_err(|e| e.to_string())?;
    Ok(found.into_inner())
}

/// Reads any value at `key` as a placeholder (zero, false, the first variant), noting the
/// variants of each enum it meets.
struct Probe<'a> {
    key: String,
    found: &'a RefCell<Vec<OneOf>>,
}

impl<'de> Deserializer<'de> for Probe<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_u64(0)
    }
    fn deserialize_bool<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_bool(false)
    }
    fn deserialize_f32<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_f64(0.0)
    }
    fn deserialize_f64<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_f64(0.0)
    }
    fn deserialize_str<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_str("")
    }
    fn deserialize_string<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_str("")
    }
    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_none()
    }
    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _: &'static str, v: V) -> Result<V::Value, Error> {
        v.visit_newtype_struct(self)
    }
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        v.visit_map(Fields { prefix: self.key, fields: fields.iter(), next: None, found: self.found })
    }
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        variants: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        let first =
            variants.first().ok_or_else(|| de::Error::custom(format!("`{}`: an enum of no variant", self.key)))?;
        self.found.borrow_mut().push(OneOf { key: self.key, values: variants });
        let first: StrDeserializer<'_, Error> = first.into_deserializer();
        v.visit_enum(first)
    }

    serde::forward_to_deserialize_any! {
        i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 char bytes byte_buf unit unit_struct seq tuple
        tuple_struct map identifier ignored_any
    }
}

/// A struct's fields, each read by a [`Probe`] at its dotted key.
struct Fields<'a> {
    prefix: String,
    fields: std::slice::Iter<'static, &'static str>,
    next: Option<&'static str>,
    found: &'a RefCell<Vec<OneOf>>,
}

impl<'de> MapAccess<'de> for Fields<'_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        self.next = self.fields.next().copied();
        self.next.map(|f| seed.deserialize(f.into_deserializer())).transpose()
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, Error> {
        let field = self.next.take().ok_or_else(|| de::Error::custom("a value without its key"))?;
        let key = if self.prefix.is_empty() { field.to_string() } else { format!("{}.{field}", self.prefix) };
        seed.deserialize(Probe { key, found: self.found })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    #[serde(rename_all = "snake_case")]
    #[allow(dead_code)]
    enum Plan {
        Charge,
        AfterRiichi,
    }

    #[derive(Deserialize)]
    #[allow(dead_code)]
    struct Inner {
        n: u8,
        how: Plan,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Config {
        t: f64,
        on: bool,
        plan: Plan,
        #[serde(rename = "move")]
        inner: Inner,
        name: String,
    }

    #[test]
    fn enums_anywhere_are_found_with_their_serde_names() {
        let found = one_of::<Config>().unwrap();
        let values: &[&str] = &["charge", "after_riichi"];
        assert_eq!(
            found,
            [OneOf { key: "plan".into(), values }, OneOf { key: "move.how".into(), values }],
            "a plain string is no one-of"
        );
    }
}
