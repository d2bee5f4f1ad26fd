//! JSON Schemas (feature `schema`, schemars) for the wire types whose serde form is written by
//! hand: a rank, a point, an id, a key, a komi. Every other wire type derives its schema next to
//! its `ts` export; the office's OpenAPI document (`office/src/server/openapi.rs`) is built from
//! them, and its API fuzzer generates requests from them, so a pattern here is what a valid value
//! looks like on the wire.

use schemars::gen::SchemaGenerator;
use schemars::schema::Schema;
use schemars::JsonSchema;
use serde_json::json;

/// A schema written as JSON (the literals below are valid schemas; an invalid one would accept
/// anything rather than fail a request).
pub fn literal(value: serde_json::Value) -> Schema {
    serde_json::from_value(value).unwrap_or(Schema::Bool(true))
}

/// A string matching `pattern`, named `name` in the document.
macro_rules! string_schema {
    ($ty:ty, $name:literal, $pattern:literal, $description:literal) => {
        impl JsonSchema for $ty {
            fn schema_name() -> String {
                $name.to_owned()
            }
            fn json_schema(_: &mut SchemaGenerator) -> Schema {
                literal(json!({"type": "string", "pattern": $pattern, "description": $description}))
            }
        }
    };
}

/// An id's schema: a slug (`model::ids`), 1–64 letters, digits, `.`, `_` or `-`.
pub fn slug(_: &mut SchemaGenerator) -> Schema {
    literal(json!({"type": "string", "pattern": "^[A-Za-z0-9._-]{1,64}$"}))
}

string_schema!(crate::model::Rank, "Rank", "^([1-9]|[12][0-9]|30)k$|^[1-9][dp]$", "5k, 3d, 9p");
string_schema!(crate::model::Point, "Point", "^[A-HJ-T]([1-9]|1[0-9])$", "A board point as on a score sheet: Q16");
string_schema!(crate::model::Pin, "Pin", "^[0-9]{8}$", "An EGF PIN: 8 digits");
string_schema!(crate::model::Country, "Country", "^[A-Z]{2}$", "ISO 3166-1 alpha-2");
string_schema!(crate::event::PublicKey, "PublicKey", "^[0-9a-fA-F]{64}$", "An Ed25519 public key in hex");
string_schema!(crate::event::EventDigest, "EventDigest", "^[0-9a-fA-F]{64}$", "The SHA-256 of an event in hex");
string_schema!(crate::event::SignatureBytes, "SignatureBytes", "^[0-9a-fA-F]{128}$", "An Ed25519 signature in hex");
string_schema!(crate::game::SealDigest, "SealDigest", "^[0-9a-fA-F]{64}$", "A sealed move's commitment in hex");
string_schema!(crate::game::Salt, "Salt", "^[0-9a-fA-F]{32}$", "A sealed move's salt in hex");

impl JsonSchema for crate::model::EventId {
    fn schema_name() -> String {
        "EventId".to_owned()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        literal(json!({"type": "string", "format": "uuid", "description": "A UUIDv7"}))
    }
}

impl JsonSchema for crate::rules::ChineseKomi {
    fn schema_name() -> String {
        "ChineseKomi".to_owned()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        literal(json!({"type": "number", "enum": [2.0, 2.75, 3.75], "description": "Komi in 子"}))
    }
}

impl JsonSchema for crate::rules::IngKomi {
    fn schema_name() -> String {
        "IngKomi".to_owned()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        literal(json!({"type": "integer", "enum": [0, 2, 4, 6, 8], "description": "Ing komi in points"}))
    }
}

impl JsonSchema for crate::rules::HalfStones {
    fn schema_name() -> String {
        "HalfStones".to_owned()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        literal(json!({"type": "number", "minimum": 0, "maximum": 361, "multipleOf": 0.5}))
    }
}

impl JsonSchema for crate::tournament::Frac {
    fn schema_name() -> String {
        "Frac".to_owned()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        literal(json!({
            "type": "object",
            "required": ["value", "num", "den"],
            "properties": {"value": {"type": "string"}, "num": {"type": "integer"}, "den": {"type": "integer", "minimum": 1}},
        }))
    }
}

impl JsonSchema for crate::labels::Label {
    fn schema_name() -> String {
        "Label".to_owned()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let text = json!({"type": "string"});
        literal(json!({
            "type": "object",
            "required": ["zh", "en", "zh_hant", "ko", "ja"],
            "properties": {"zh": text, "en": text, "zh_hant": text, "ko": text, "ja": text},
        }))
    }
}
