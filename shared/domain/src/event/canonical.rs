//! The canonical JSON form signatures cover (see [`super::signature`]), written straight from
//! serde's data model: every object's keys sorted by their bytes, no white space, strings
//! escaped as JSON requires, whole numbers as integers and others in their shortest round-trip
//! decimal form. It gives the bytes the definition gives through a `serde_json::Value` (the
//! test below holds it to that), at a fifth of the cost: one buffer per object instead of an
//! allocation per string and tree node, which every signer and every checker pays.

use std::borrow::Cow;

use serde::ser::{self, Serialize};

/// Appends the canonical form of `value` to `out`. A value JSON cannot hold (a map keyed by
/// something other than a string or a number) is written as `null`, as `serde_json::to_value`
/// would make it: such bytes match no signature of a real event.
pub fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) {
    write_without(value, None, out);
}

/// [`write`], leaving out the top object's member `skip` (an event's `sig`: the bytes it signs).
pub fn write_without<T: Serialize + ?Sized>(value: &T, skip: Option<&'static str>, out: &mut Vec<u8>) {
    let start = out.len();
    if value.serialize(Canonical { out: &mut *out, skip }).is_err() {
        out.truncate(start);
        out.extend_from_slice(b"null");
    }
}

/// [`write_without`] of an event without its `sig` — the bytes every signer and checker writes —
/// with the envelope's objects written field by field in their sorted order (`author`, `body`,
/// `game`, `hlc`, `id`, `prev`, `rules`, `schema`, `tournament`, `wall_time`) and each value
/// through the generic writer: the same bytes (tested on every event of the compatibility
/// corpus), without buffering and sorting the three envelope objects. Every field is named below,
/// so one added to [`super::Event`] does not compile until it is placed here.
pub fn event_without_sig(e: &super::Event, out: &mut Vec<u8>) {
    let start = out.len();
    if envelope(e, out).is_err() {
        out.truncate(start);
        out.extend_from_slice(b"null");
    }
}

fn envelope(e: &super::Event, out: &mut Vec<u8>) -> Result {
    let super::Event { schema, id, tournament, game, author, hlc, wall_time, body, rules, prev, sig: _ } = e;
    let crate::model::Author { device, person, role } = author;
    let crate::clock::Hlc { wall_ms, logical } = hlc;
    member(out, b"{\"author\":{\"device\":", device)?;
    member(out, b",\"person\":", person)?;
    member(out, b",\"role\":", role)?;
    member(out, b"},\"body\":", body)?;
    if let Some(g) = game {
        member(out, b",\"game\":", g)?;
    }
    member(out, b",\"hlc\":{\"logical\":", logical)?;
    member(out, b",\"wall_ms\":", wall_ms)?;
    member(out, b"},\"id\":", id)?;
    if let Some(p) = prev {
        // Hex, as `EventDigest` serializes itself, without the string escaping hex never needs.
        out.extend_from_slice(b",\"prev\":\"");
        crate::hexbytes::hex_extend(&p.0, out);
        out.push(b'"');
    }
    if let Some(r) = rules {
        member(out, b",\"rules\":", r)?;
    }
    member(out, b",\"schema\":", schema)?;
    member(out, b",\"tournament\":", tournament)?;
    out.extend_from_slice(b",\"wall_time\":");
    time(wall_time, out)?;
    out.push(b'}');
    Ok(())
}

/// A time as chrono serializes it (RFC 3339, UTC as `Z`, a fraction of 0, 3, 6 or 9 digits),
/// written digit by digit for years 0–9999: through `fmt` it was a tenth of an event's canonical
/// form. Other years go through chrono itself. Pinned to chrono's bytes by a test below.
fn time(t: &chrono::DateTime<chrono::Utc>, out: &mut Vec<u8>) -> Result {
    use chrono::{Datelike, Timelike};
    // Each of `DateTime`'s getters works the local time out again: once here.
    let t_utc = t.naive_utc();
    let (date, clock) = (t_utc.date(), t_utc.time());
    let year = date.year();
    if !(0..=9999).contains(&year) {
        return t.serialize(Canonical::into(out));
    }
    let (mut second, mut nano) = (clock.second(), clock.nanosecond());
    // A leap second: chrono writes it as second 60.
    if nano >= 1_000_000_000 {
        second += 1;
        nano -= 1_000_000_000;
    }
    let two = |out: &mut Vec<u8>, n: u32| out.extend_from_slice(&[b'0' + (n / 10 % 10) as u8, b'0' + (n % 10) as u8]);
    out.push(b'"');
    two(out, year as u32 / 100);
    two(out, year as u32 % 100);
    out.push(b'-');
    two(out, date.month());
    out.push(b'-');
    two(out, date.day());
    out.push(b'T');
    two(out, clock.hour());
    out.push(b':');
    two(out, clock.minute());
    out.push(b':');
    two(out, second);
    let (digits, value) = match nano {
        0 => (0, 0),
        n if n % 1_000_000 == 0 => (3, n / 1_000_000),
        n if n % 1_000 == 0 => (6, n / 1_000),
        n => (9, n),
    };
    if digits > 0 {
        out.push(b'.');
        let start = out.len();
        let mut v = value;
        out.resize(start + digits, b'0');
        for d in out[start..].iter_mut().rev() {
            *d = b'0' + (v % 10) as u8;
            v /= 10;
        }
    }
    out.extend_from_slice(b"Z\"");
    Ok(())
}

/// `key` (the JSON before the value: punctuation and the member's name) and `value`.
fn member(out: &mut Vec<u8>, key: &[u8], value: &dyn erased::Value) -> Result {
    out.extend_from_slice(key);
    value.write(out)
}

/// A value written by the generic writer, behind `dyn` (one `member` for every field's type).
mod erased {
    pub trait Value {
        fn write(&self, out: &mut Vec<u8>) -> super::Result;
    }

    impl<T: serde::Serialize> Value for T {
        fn write(&self, out: &mut Vec<u8>) -> super::Result {
            self.serialize(super::Canonical::into(out))
        }
    }
}

/// Why a value has no canonical form.
#[derive(Debug)]
pub struct NotJson(String);

impl std::fmt::Display for NotJson {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NotJson {}

impl ser::Error for NotJson {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        NotJson(msg.to_string())
    }
}

type Result<T = ()> = std::result::Result<T, NotJson>;

struct Canonical<'a> {
    out: &'a mut Vec<u8>,
    /// A member of this object to leave out.
    skip: Option<&'static str>,
}

impl<'a> Canonical<'a> {
    fn into(out: &'a mut Vec<u8>) -> Self {
        Canonical { out, skip: None }
    }
}

/// Escapes `s` as a JSON string.
fn string(s: &str, out: &mut Vec<u8>) {
    out.push(b'"');
    escaped(s, out);
    out.push(b'"');
}

/// `s` escaped as inside a JSON string.
#[inline]
fn escaped(s: &str, out: &mut Vec<u8>) {
    let bytes = s.as_bytes();
    // Ids, names and digits need no escape: one copy. Every byte is looked at, without an early
    // exit, which the compiler turns into a few wide compares (a quarter of writing an event's
    // canonical form went to this test, byte by byte).
    if !bytes.iter().fold(false, |any, &b| any | (b < 0x20) | (b == b'"') | (b == b'\\')) {
        out.extend_from_slice(bytes);
        return;
    }
    let mut plain = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let escape: &[u8] = match b {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            0x08 => b"\\b",
            0x0c => b"\\f",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0..=0x1f => b"",
            _ => continue,
        };
        out.extend_from_slice(&bytes[plain..i]);
        if escape.is_empty() {
            out.extend_from_slice(format!("\\u{b:04x}").as_bytes());
        } else {
            out.extend_from_slice(escape);
        }
        plain = i + 1;
    }
    out.extend_from_slice(&bytes[plain..]);
}

fn float(f: f64, out: &mut Vec<u8>) {
    if !f.is_finite() {
        // serde_json makes a number it cannot write `null`.
        out.extend_from_slice(b"null");
    } else if f.fract() == 0.0 && f.abs() < 9_007_199_254_740_992.0 {
        // 2.0 and 2 are one number: written as the integer.
        #[allow(clippy::cast_possible_truncation)]
        out.extend_from_slice((f as i64).to_string().as_bytes());
    } else if let Some(n) = serde_json::Number::from_f64(f) {
        out.extend_from_slice(n.to_string().as_bytes());
    }
}

/// An object being written: its members (key, then the value's bytes in `buf`), sorted at the
/// end. `wrapped`: it is a struct variant's value, inside `{"variant":` … `}`.
struct Object<'a> {
    out: &'a mut Vec<u8>,
    buf: Vec<u8>,
    members: Vec<(Cow<'static, str>, usize, usize)>,
    key: Option<String>,
    wrapped: bool,
    skip: Option<&'static str>,
}

/// An object's two buffers, kept for the next object once it is written: an event has half a
/// dozen objects, and taking them from the allocator each time was a sixth of the writing.
type Buffers = (Vec<u8>, Vec<(Cow<'static, str>, usize, usize)>);

thread_local! {
    static SPARE: std::cell::RefCell<Vec<Buffers>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Spare buffers kept on a thread, at most (objects nest about four deep in an event).
const SPARE_KEPT: usize = 8;

impl<'a> Object<'a> {
    fn new(out: &'a mut Vec<u8>, len: usize, wrapped: bool, skip: Option<&'static str>) -> Self {
        let (buf, members) = SPARE
            .with(|s| s.borrow_mut().pop())
            .unwrap_or_else(|| (Vec::with_capacity(48 * len), Vec::with_capacity(len)));
        Object { out, buf, members, key: None, wrapped, skip }
    }

    fn member<T: Serialize + ?Sized>(&mut self, key: Cow<'static, str>, value: &T) -> Result {
        if self.skip.is_some_and(|s| s == key) {
            return Ok(());
        }
        let start = self.buf.len();
        value.serialize(Canonical::into(&mut self.buf))?;
        self.members.push((key, start, self.buf.len()));
        Ok(())
    }

    fn finish(mut self) -> Result {
        // Stable: of a key given twice (a flattened field named like another) the last value
        // stays, as in serde_json's map.
        self.members.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        self.out.push(b'{');
        let mut first = true;
        for (i, (k, start, end)) in self.members.iter().enumerate() {
            if self.members.get(i + 1).is_some_and(|next| next.0 == *k) {
                continue;
            }
            if !first {
                self.out.push(b',');
            }
            first = false;
            string(k, self.out);
            self.out.push(b':');
            self.out.extend_from_slice(&self.buf[*start..*end]);
        }
        self.out.push(b'}');
        if self.wrapped {
            self.out.push(b'}');
        }
        Ok(())
    }
}

impl Drop for Object<'_> {
    fn drop(&mut self) {
        let (mut buf, mut members) = (std::mem::take(&mut self.buf), std::mem::take(&mut self.members));
        buf.clear();
        members.clear();
        // A key a map left is its own; a buffer grown huge (a long note) is not kept.
        if buf.capacity() <= 64 * 1024 {
            SPARE.with(|s| {
                let mut s = s.borrow_mut();
                if s.len() < SPARE_KEPT {
                    s.push((buf, members));
                }
            });
        }
    }
}

/// A map's key as JSON has it: a string, or a number written as one (as serde_json does).
fn key_of<T: Serialize + ?Sized>(key: &T) -> Result<String> {
    let mut bytes = Vec::new();
    key.serialize(Canonical::into(&mut bytes))?;
    match bytes.first() {
        Some(b'"') => serde_json::from_slice(&bytes).map_err(|e| NotJson(e.to_string())),
        Some(b'-' | b'0'..=b'9') => String::from_utf8(bytes).map_err(|e| NotJson(e.to_string())),
        _ => Err(NotJson("a map key that is neither a string nor a number".into())),
    }
}

/// An array being written; `close` ends it (`]`, or `]}` for a tuple variant's).
struct Array<'a> {
    out: &'a mut Vec<u8>,
    first: bool,
    close: &'static [u8],
}

impl Array<'_> {
    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
        if !self.first {
            self.out.push(b',');
        }
        self.first = false;
        value.serialize(Canonical::into(&mut *self.out))
    }

    fn finish(self) -> Result {
        self.out.extend_from_slice(self.close);
        Ok(())
    }
}

/// Opens `{"variant":`, the object an enum's data variant is written in (one key: nothing to sort).
fn open_variant(out: &mut Vec<u8>, variant: &str) {
    out.push(b'{');
    string(variant, out);
    out.push(b':');
}

impl<'a> ser::Serializer for Canonical<'a> {
    type Ok = ();
    type Error = NotJson;
    type SerializeSeq = Array<'a>;
    type SerializeTuple = Array<'a>;
    type SerializeTupleStruct = Array<'a>;
    type SerializeTupleVariant = Array<'a>;
    type SerializeMap = Object<'a>;
    type SerializeStruct = Object<'a>;
    type SerializeStructVariant = Object<'a>;

    fn serialize_bool(self, v: bool) -> Result {
        self.out.extend_from_slice(if v { b"true" } else { b"false" });
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i16(self, v: i16) -> Result {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i32(self, v: i32) -> Result {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i64(self, v: i64) -> Result {
        self.out.extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
        Ok(())
    }
    fn serialize_i128(self, v: i128) -> Result {
        self.out.extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u16(self, v: u16) -> Result {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u32(self, v: u32) -> Result {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u64(self, v: u64) -> Result {
        self.out.extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
        Ok(())
    }
    fn serialize_u128(self, v: u128) -> Result {
        self.out.extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result {
        float(f64::from(v), self.out);
        Ok(())
    }
    fn serialize_f64(self, v: f64) -> Result {
        float(v, self.out);
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result {
        string(v.encode_utf8(&mut [0; 4]), self.out);
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result {
        string(v, self.out);
        Ok(())
    }
    /// Written as it is displayed, escaped piece by piece (a time, a point, a rank): no string
    /// between.
    fn collect_str<T: std::fmt::Display + ?Sized>(self, value: &T) -> Result {
        struct Escaped<'o>(&'o mut Vec<u8>);
        impl std::fmt::Write for Escaped<'_> {
            fn write_str(&mut self, s: &str) -> std::fmt::Result {
                escaped(s, self.0);
                Ok(())
            }
            // A time is written a character at a time: most need no escape.
            fn write_char(&mut self, c: char) -> std::fmt::Result {
                match u8::try_from(c) {
                    Ok(b) if b >= 0x20 && b != b'"' && b != b'\\' && b.is_ascii() => self.0.push(b),
                    _ => escaped(c.encode_utf8(&mut [0; 4]), self.0),
                }
                Ok(())
            }
        }
        self.out.push(b'"');
        std::fmt::Write::write_fmt(&mut Escaped(&mut *self.out), format_args!("{value}"))
            .map_err(|e| NotJson(e.to_string()))?;
        self.out.push(b'"');
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result {
        let mut a = self.serialize_seq(Some(v.len()))?;
        for b in v {
            a.element(b)?;
        }
        a.finish()
    }
    fn serialize_none(self) -> Result {
        self.serialize_unit()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result {
        self.out.extend_from_slice(b"null");
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result {
        self.serialize_unit()
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Result {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result {
        open_variant(self.out, variant);
        value.serialize(Canonical::into(&mut *self.out))?;
        self.out.push(b'}');
        Ok(())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Array<'a>> {
        self.out.push(b'[');
        Ok(Array { out: self.out, first: true, close: b"]" })
    }
    fn serialize_tuple(self, len: usize) -> Result<Array<'a>> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Array<'a>> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(self, _: &'static str, _: u32, variant: &'static str, _: usize) -> Result<Array<'a>> {
        open_variant(self.out, variant);
        self.out.push(b'[');
        Ok(Array { out: self.out, first: true, close: b"]}" })
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Object<'a>> {
        Ok(Object::new(self.out, len.unwrap_or(4), false, self.skip))
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Object<'a>> {
        Ok(Object::new(self.out, len, false, self.skip))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Object<'a>> {
        open_variant(self.out, variant);
        Ok(Object::new(self.out, len, true, None))
    }
}

/// The serde traits whose calls are one `Array::element`, and then `finish`.
macro_rules! array_like {
    ($($tr:ident :: $method:ident),*) => {$(
        impl ser::$tr for Array<'_> {
            type Ok = ();
            type Error = NotJson;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
                self.element(value)
            }
            fn end(self) -> Result {
                self.finish()
            }
        }
    )*};
}
array_like!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl ser::SerializeMap for Object<'_> {
    type Ok = ();
    type Error = NotJson;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result {
        self.key = Some(key_of(key)?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
        let key = self.key.take().ok_or_else(|| NotJson("a map value without its key".into()))?;
        self.member(Cow::Owned(key), value)
    }
    fn end(self) -> Result {
        self.finish()
    }
}

/// The serde traits whose calls are one named `Object::member`, and then `finish`.
macro_rules! object_like {
    ($($tr:ident),*) => {$(
        impl ser::$tr for Object<'_> {
            type Ok = ();
            type Error = NotJson;
            fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result {
                self.member(Cow::Borrowed(key), value)
            }
            fn end(self) -> Result {
                self.finish()
            }
        }
    )*};
}
object_like!(SerializeStruct, SerializeStructVariant);

#[cfg(test)]
mod tests {
    //! The definition, through `serde_json::Value` (the way the form was first written), against
    //! the serializer, on every kind of value an event holds and on odd ones it may one day.

    use std::collections::{BTreeMap, HashMap};

    use serde::Serialize;
    use serde_json::Value;

    fn reference(v: &Value, out: &mut Vec<u8>) {
        match v {
            Value::Null => out.extend_from_slice(b"null"),
            Value::Bool(b) => out.extend_from_slice(if *b { b"true" } else { b"false" }),
            Value::Number(n) => {
                if let Some(i) = n.as_i64() {
                    out.extend_from_slice(i.to_string().as_bytes());
                } else if let Some(u) = n.as_u64() {
                    out.extend_from_slice(u.to_string().as_bytes());
                } else if let Some(f) = n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 9_007_199_254_740_992.0) {
                    #[allow(clippy::cast_possible_truncation)]
                    out.extend_from_slice((f as i64).to_string().as_bytes());
                } else {
                    out.extend_from_slice(n.to_string().as_bytes());
                }
            }
            Value::String(s) => {
                out.push(b'"');
                for c in s.chars() {
                    match c {
                        '"' => out.extend_from_slice(b"\\\""),
                        '\\' => out.extend_from_slice(b"\\\\"),
                        '\u{08}' => out.extend_from_slice(b"\\b"),
                        '\u{0c}' => out.extend_from_slice(b"\\f"),
                        '\n' => out.extend_from_slice(b"\\n"),
                        '\r' => out.extend_from_slice(b"\\r"),
                        '\t' => out.extend_from_slice(b"\\t"),
                        c if u32::from(c) < 0x20 => {
                            out.extend_from_slice(format!("\\u{:04x}", u32::from(c)).as_bytes());
                        }
                        c => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
                    }
                }
                out.push(b'"');
            }
            Value::Array(items) => {
                out.push(b'[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    reference(item, out);
                }
                out.push(b']');
            }
            Value::Object(m) => {
                out.push(b'{');
                let sorted: BTreeMap<&String, &Value> = m.iter().collect();
                for (i, (k, item)) in sorted.into_iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    reference(&Value::String(k.clone()), out);
                    out.push(b':');
                    reference(item, out);
                }
                out.push(b'}');
            }
        }
    }

    /// Asserts the serializer writes what the definition says for `v`.
    pub(crate) fn agrees<T: Serialize>(v: &T) {
        let mut expected = Vec::new();
        reference(&serde_json::to_value(v).unwrap_or(Value::Null), &mut expected);
        let mut got = Vec::new();
        super::write(v, &mut got);
        assert_eq!(String::from_utf8_lossy(&got), String::from_utf8_lossy(&expected));
    }

    #[derive(Serialize)]
    enum Shape {
        Unit,
        New(i32),
        Tuple(u8, String),
        Struct { z: bool, a: Option<f64> },
    }

    #[derive(Serialize)]
    #[serde(tag = "kind", content = "data", rename_all = "snake_case")]
    enum Adjacent {
        First { zeta: u64, alpha: Vec<i8> },
        Second,
    }

    #[derive(Serialize)]
    struct Outer {
        z: &'static str,
        #[serde(flatten)]
        flat: BTreeMap<String, i32>,
        a: Vec<Shape>,
        m: Adjacent,
        bytes: serde_bytes_like::Bytes,
    }

    mod serde_bytes_like {
        pub struct Bytes(pub Vec<u8>);
        impl serde::Serialize for Bytes {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_bytes(&self.0)
            }
        }
    }

    /// Displayed in pieces and characters, as a time is: `collect_str` escapes each as it comes.
    struct Shown;
    impl std::fmt::Display for Shown {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            use std::fmt::Write as _;
            f.write_str("2026-11-25T")?;
            for c in ['"', '\\', '\n', '\u{1}', '黑', 'Z'] {
                f.write_char(c)?;
            }
            write!(f, "{}", 7)
        }
    }
    impl Serialize for Shown {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    #[test]
    fn the_serializer_writes_what_the_definition_says() {
        agrees(&"plain");
        agrees(&Shown);
        agrees(&chrono::DateTime::<chrono::Utc>::from_timestamp(1_795_628_338, 383_914_353));
        agrees(&"\"quoted\"\\ \u{1}\u{7}\u{1f} \t\n\r\u{8}\u{c} 黑方 é \u{7f}");
        agrees(&[0.5, 2.0, -3.0, 1e300, 0.1 + 0.2, -0.0, 9_007_199_254_740_993.0, f64::NAN]);
        agrees(&(u64::MAX, i64::MIN, 0u8, -1i32));
        agrees(&vec![Shape::Unit, Shape::New(-4), Shape::Tuple(7, "x".into()), Shape::Struct { z: true, a: None }]);
        agrees(&Adjacent::First { zeta: 1, alpha: vec![-1, 2] });
        agrees(&Adjacent::Second);
        let mut flat = BTreeMap::new();
        flat.insert("b".to_owned(), 1);
        flat.insert("zz".to_owned(), 2);
        agrees(&Outer {
            z: "last",
            flat,
            a: vec![Shape::Unit],
            m: Adjacent::Second,
            bytes: serde_bytes_like::Bytes(vec![0, 255]),
        });
        let numbered: HashMap<u32, &str> = [(10, "ten"), (2, "two"), (33, "x")].into_iter().collect();
        agrees(&numbered);
        agrees(&Option::<u8>::None);
        agrees(&());
    }

    #[test]
    #[allow(clippy::disallowed_methods)] // reads the committed corpus: a test, not the library
    fn every_event_of_the_compatibility_corpus_is_written_as_the_definition_says() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/compat");
        let mut events = 0;
        for rev in std::fs::read_dir(&root).unwrap() {
            for file in std::fs::read_dir(rev.unwrap().path()).unwrap() {
                let path = file.unwrap().path();
                if path.extension().is_some_and(|x| x == "jsonl") {
                    for line in std::fs::read_to_string(&path).unwrap().lines().filter(|l| !l.trim().is_empty()) {
                        // Some logs keep lines a build wrote broken: those are not events.
                        let Ok(e) = crate::event::wire::decode(line) else { continue };
                        agrees(&e);
                        let (mut generic, mut by_hand) = (Vec::new(), Vec::new());
                        super::write_without(&e, Some("sig"), &mut generic);
                        super::event_without_sig(&e, &mut by_hand);
                        assert_eq!(String::from_utf8(by_hand), String::from_utf8(generic), "{line}");
                        agrees(&e.body);
                        events += 1;
                    }
                }
            }
        }
        assert!(events > 50, "the corpus holds {events} events");
    }

    /// The envelope's time, written digit by digit, is chrono's own writing: every kind of
    /// fraction (none, 3, 6, 9 digits), a leap second, the first and last years written so and
    /// the years either side (through chrono), and 100,000 instants across four centuries.
    #[test]
    fn a_time_is_written_as_chrono_writes_it() {
        use chrono::{DateTime, NaiveDate, Utc};
        let check = |t: DateTime<Utc>| {
            let mut got = Vec::new();
            super::time(&t, &mut got).unwrap();
            assert_eq!(String::from_utf8(got).unwrap(), serde_json::to_string(&t).unwrap(), "{t:?}");
        };
        for nano in [0, 1, 7_000, 120_000_000, 999_999_999, 100_000, 5_000_000, 1_000_000_000, 1_999_999_999] {
            let leap_ok = |d: NaiveDate| d.and_hms_nano_opt(23, 59, 59, nano).map(|n| n.and_utc());
            for d in [(2026, 11, 26), (0, 1, 1), (9999, 12, 31), (-1, 12, 31), (10_000, 1, 1), (1970, 1, 1)] {
                if let Some(t) = NaiveDate::from_ymd_opt(d.0, d.1, d.2).and_then(leap_ok) {
                    check(t);
                }
            }
        }
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..100_000 {
            // xorshift: instants from 1800 to 2200, nanoseconds of every shape.
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let secs = (x % (400 * 365 * 86_400)) as i64 - 170 * 365 * 86_400;
            let nano = match x >> 60 {
                0..=3 => 0,
                4..=7 => ((x >> 20) % 1000) as u32 * 1_000_000,
                8..=11 => ((x >> 20) % 1_000_000) as u32 * 1000,
                _ => ((x >> 20) % 1_000_000_000) as u32,
            };
            check(DateTime::from_timestamp(secs, nano).unwrap());
        }
    }

    #[test]
    fn a_map_keyed_by_what_json_cannot_hold_is_null() {
        let odd: BTreeMap<(u8, u8), u8> = [((1, 2), 3)].into_iter().collect();
        let mut got = b"x".to_vec();
        super::write(&odd, &mut got);
        assert_eq!(got, b"xnull");
        agrees(&odd);
    }
}
