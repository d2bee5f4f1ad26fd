//! The JSON wire format: one event per line (JSONL). It is the sync format and the audit
//! export, documented in `docs/events.md`. Decoding reports the exact field that is wrong.

use serde_json::Value;

use crate::error::{CoreError, Result};
use crate::event::envelope::{Event, SCHEMA_VERSION};

/// Decodes one event, checking its schema version before anything else.
pub fn decode(line: &str) -> Result<Event> {
    let value: Value = serde_json::from_str(line).map_err(|e| CoreError::MalformedJson(e.to_string()))?;
    decode_value(value)
}

/// Decodes one event from parsed JSON (a batch's element, say).
pub fn decode_value(value: Value) -> Result<Event> {
    let Some(obj) = value.as_object() else {
        return Err(CoreError::InvalidField {
            field: "(event)".to_owned(),
            message: "an event must be a JSON object".to_owned(),
        });
    };
    match obj.get("schema") {
        None => {
            return Err(CoreError::InvalidField {
                field: "schema".to_owned(),
                message: "missing; every event carries its schema version".to_owned(),
            })
        }
        Some(v) => match v.as_u64() {
            Some(n) if n == u64::from(SCHEMA_VERSION) => {}
            Some(n) => return Err(CoreError::UnsupportedSchema { found: n, supported: SCHEMA_VERSION }),
            None => {
                return Err(CoreError::InvalidField {
                    field: "schema".to_owned(),
                    message: format!("expected a whole number, found {v}"),
                })
            }
        },
    }
    let event: Event = serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        CoreError::InvalidField {
            field: if path == "." { "(event)".to_owned() } else { path },
            message: e.into_inner().to_string(),
        }
    })?;
    event.validate()?;
    Ok(event)
}

/// Encodes one event as a single JSON line (no trailing newline).
pub fn encode(event: &Event) -> String {
    // Serializing these types cannot fail: no maps with non-string keys, no failing impls.
    serde_json::to_string(event).unwrap_or_default()
}

/// A line of a JSONL log that could not be decoded.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct LineError {
    /// 1-based line number.
    pub line: usize,
    pub code: &'static str,
    pub message: String,
}

/// Decodes a JSONL log. Blank lines are skipped; a bad line is reported and the rest still count.
pub fn decode_jsonl(text: &str) -> (Vec<Event>, Vec<LineError>) {
    let mut events = Vec::new();
    let mut errors = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match decode(line) {
            Ok(e) => events.push(e),
            Err(e) => errors.push(LineError { line: i + 1, code: e.code(), message: e.to_string() }),
        }
    }
    (events, errors)
}
