//! Exact fractions for standings: 第二十八条's Swiss total divides by half the maximum points and
//! 第二十九条三 credits a withdrawn opponent A = points ÷ games played; floats would let two
//! equal totals compare unequal.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Sub};

use serde::{Serialize, Serializer};

/// An exact fraction, always in lowest terms with a positive denominator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export, type = "{ value: string, num: number, den: number }"))]
pub struct Frac {
    num: i64,
    den: i64,
}

fn gcd(mut a: i64, mut b: i64) -> i64 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

impl Frac {
    pub const ZERO: Frac = Frac { num: 0, den: 1 };

    /// `num / den`; a zero denominator is read as zero (no games, no average).
    pub fn new(num: i64, den: i64) -> Frac {
        if den == 0 {
            return Frac::ZERO;
        }
        let g = gcd(num, den) * den.signum();
        Frac { num: num / g, den: den / g }
    }

    pub fn int(n: i64) -> Frac {
        Frac { num: n, den: 1 }
    }

    pub fn num(self) -> i64 {
        self.num
    }

    pub fn den(self) -> i64 {
        self.den
    }

    pub fn mul_int(self, k: i64) -> Frac {
        Frac::new(self.num * k, self.den)
    }

    pub fn div_int(self, k: i64) -> Frac {
        Frac::new(self.num, self.den * k)
    }

    pub fn min(self, other: Frac) -> Frac {
        if self <= other {
            self
        } else {
            other
        }
    }

    /// As a decimal for people: exact where it terminates within three places, else rounded.
    pub fn to_decimal(self) -> String {
        match (0..=3u32).find(|&p| 10i64.pow(p) % self.den == 0) {
            Some(0) => self.num.to_string(),
            Some(p) => format!("{:.*}", p as usize, self.num as f64 / self.den as f64),
            None => format!("{:.3}", self.num as f64 / self.den as f64),
        }
    }
}

impl Default for Frac {
    fn default() -> Self {
        Frac::ZERO
    }
}

impl Add for Frac {
    type Output = Frac;
    fn add(self, o: Frac) -> Frac {
        Frac::new(self.num * o.den + o.num * self.den, self.den * o.den)
    }
}

impl Sub for Frac {
    type Output = Frac;
    fn sub(self, o: Frac) -> Frac {
        Frac::new(self.num * o.den - o.num * self.den, self.den * o.den)
    }
}

impl std::iter::Sum for Frac {
    fn sum<I: Iterator<Item = Frac>>(iter: I) -> Frac {
        iter.fold(Frac::ZERO, Add::add)
    }
}

impl Ord for Frac {
    fn cmp(&self, o: &Frac) -> Ordering {
        (i128::from(self.num) * i128::from(o.den)).cmp(&(i128::from(o.num) * i128::from(self.den)))
    }
}

impl PartialOrd for Frac {
    fn partial_cmp(&self, o: &Frac) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl fmt::Display for Frac {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_decimal())
    }
}

/// On the wire: the decimal people read, plus the exact fraction for programs.
impl Serialize for Frac {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Frac", 3)?;
        st.serialize_field("value", &self.to_decimal())?;
        st.serialize_field("num", &self.num)?;
        st.serialize_field("den", &self.den)?;
        st.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_and_compares_exactly() {
        assert_eq!(Frac::new(2, 4), Frac::new(1, 2));
        assert_eq!(Frac::new(3, -6), Frac::new(-1, 2));
        assert!(Frac::new(1, 3) < Frac::new(34, 100));
        assert_eq!(Frac::new(1, 3) + Frac::new(2, 3), Frac::int(1));
        assert_eq!(Frac::new(7, 0), Frac::ZERO);
    }

    #[test]
    fn decimals_are_exact_where_they_terminate() {
        assert_eq!(Frac::new(31, 4).to_decimal(), "7.75");
        assert_eq!(Frac::new(-1, 2).to_decimal(), "-0.5");
        assert_eq!(Frac::int(12).to_decimal(), "12");
        assert_eq!(Frac::new(1, 3).to_decimal(), "0.333");
    }
}
