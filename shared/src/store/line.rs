//! A journal line's format: the event's JSON, then a tab and the CRC-32 of the JSON as eight
//! lower-case hex digits. Every read checks it, so a changed byte (bit rot, a bad copy, a hand
//! edit) is never read as an event: it is `journal_corrupt`, naming the segment and where.
//! Lines written before checksums (no tab: our JSON never holds a raw tab) still read, as they
//! are; `cat events.jsonl* | cut -f1` gives the plain JSON lines.

/// Appends `json` as a checked line (without the `\n`).
pub fn seal(json: &[u8], out: &mut Vec<u8>) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    out.extend_from_slice(json);
    out.push(b'\t');
    let crc = crc32fast::hash(json);
    for shift in (0..8).rev() {
        out.push(DIGITS[((crc >> (4 * shift)) & 0xf) as usize]);
    }
}

/// The bytes [`seal`] adds to a line.
pub const SEAL_BYTES: usize = 9;

/// Why a line is not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Corrupt {
    pub expected: u32,
    pub found: u32,
}

/// The JSON of a stored line, checked against its checksum when it has one.
pub fn open(line: &[u8]) -> Result<&[u8], Corrupt> {
    let Some(split) = line.len().checked_sub(SEAL_BYTES).filter(|&at| line[at] == b'\t') else {
        // Written before checksums.
        return Ok(line);
    };
    let (json, digits) = (&line[..split], &line[split + 1..]);
    let parsed = std::str::from_utf8(digits).ok().and_then(|d| u32::from_str_radix(d, 16).ok());
    let found = crc32fast::hash(json);
    match parsed {
        Some(expected) if expected == found => Ok(json),
        expected => Err(Corrupt { expected: expected.unwrap_or(0), found }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_line_opens_to_its_json_and_any_changed_byte_is_caught() {
        let json = br#"{"id":"01a1ee5b-dc40-7001-8203-040506070809","note":"\t tab"}"#;
        let mut line = Vec::new();
        seal(json, &mut line);
        assert_eq!(line.len(), json.len() + SEAL_BYTES);
        assert_eq!(open(&line), Ok(&json[..]));
        for i in 0..line.len() {
            let mut bad = line.clone();
            bad[i] ^= 0x04;
            assert!(open(&bad) != Ok(&json[..]), "byte {i} changed unseen");
        }
    }

    #[test]
    fn a_line_from_before_checksums_reads_as_it_is() {
        let old = br#"{"schema":1,"id":"x"}"#;
        assert_eq!(open(old), Ok(&old[..]));
    }
}
