//! What go federations know a player by: the EGF's PIN and the player's country, each checked
//! where it comes in (a form, a CSV line, a rating list, an OpenGotha file), so nothing past the
//! edge holds a string that only looks like one.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::{Detail, DomainError, Noun, Result};

/// An EGF PIN: the European Go Database's player number, exactly 8 digits.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export, type = "string"))]
pub struct Pin(String);

impl Pin {
    /// Checks `s` (blanks around it ignored): 8 ASCII digits.
    pub fn new(s: &str) -> Result<Pin> {
        let t = s.trim();
        if t.len() == 8 && t.bytes().all(|b| b.is_ascii_digit()) {
            Ok(Pin(t.to_owned()))
        } else {
            Err(DomainError::Outside { what: Noun::Pin, detail: Detail::NotAPin { written: s.to_owned() } })
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A country as ISO 3166-1 alpha-2 writes it (`FR`, `CN`, `DE`), upper case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export, type = "string"))]
pub struct Country([u8; 2]);

/// The ISO 3166-1 alpha-2 codes officially assigned, in order.
const ISO_3166: &str = "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS \
BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM \
FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP \
KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV \
MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD \
SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC \
VE VG VI VN VU WF WS YE YT ZA ZM ZW";

/// Codes ISO 3166 reserves exceptionally that go databases use: `UK`, the EGD's and
/// OpenGotha's code for the United Kingdom.
const EXCEPTIONALLY_RESERVED: [&str; 1] = ["UK"];

impl Country {
    /// Checks `s` (blanks ignored, either case) against ISO 3166-1 alpha-2 (and `UK`).
    pub fn new(s: &str) -> Result<Country> {
        let t = s.trim().to_ascii_uppercase();
        let b = t.as_bytes();
        if b.len() == 2
            && b.iter().all(u8::is_ascii_uppercase)
            && (ISO_3166.split(' ').any(|c| c == t) || EXCEPTIONALLY_RESERVED.contains(&t.as_str()))
        {
            Ok(Country([b[0], b[1]]))
        } else {
            Err(DomainError::Outside { what: Noun::Country, detail: Detail::NotACountry { written: s.to_owned() } })
        }
    }

    pub fn as_str(&self) -> &str {
        // Two ASCII upper-case letters, checked in `new`.
        std::str::from_utf8(&self.0).unwrap_or("XX")
    }
}

impl fmt::Display for Pin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Display for Country {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Pin {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Pin {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        Pin::new(&String::deserialize(d)?).map_err(crate::error::to_serde)
    }
}

impl Serialize for Country {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Country {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        Country::new(&String::deserialize(d)?).map_err(crate::error::to_serde)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pin_is_eight_digits() {
        assert_eq!(Pin::new(" 19574643 ").unwrap().as_str(), "19574643");
        for bad in ["1957464", "195746431", "1957464x", ""] {
            assert!(matches!(Pin::new(bad), Err(DomainError::Outside { what: Noun::Pin, .. })), "{bad}");
        }
    }

    #[test]
    fn a_country_is_an_assigned_iso_code() {
        assert_eq!(Country::new("fr").unwrap().as_str(), "FR");
        assert_eq!(Country::new("CN").unwrap().to_string(), "CN");
        assert_eq!(Country::new("UK").unwrap().as_str(), "UK");
        for bad in ["XX", "FRA", "F", "ZZ", "1A", ""] {
            assert!(matches!(Country::new(bad), Err(DomainError::Outside { what: Noun::Country, .. })), "{bad}");
        }
        assert_eq!(ISO_3166.split(' ').count(), 249);
    }
}
