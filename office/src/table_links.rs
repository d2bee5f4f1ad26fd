//! Table links (第二十一条): one per game of a round, printed as a QR code on the table's sheet,
//! opening the players' page with no account. A link is a capability, not an account: 128
//! random bits in Crockford base32, shown once when minted; only its SHA-256 is kept (in the
//! accounts keyspace, so a backup carries it), with the game it opens. Looked up by that hash,
//! so how long a lookup takes says nothing of how close a guess came.

use std::sync::Arc;

use arbiter_core::model::{GameId, TournamentId};
use arbiter_core::store::Keyspace;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::error::{Fault, OfficeError, TableLinkRefusal};

/// Where a link's record is kept, by its token's hash.
const BY_HASH: &str = "tablelink/";
/// The hash of a game's link in force, so that minting again revokes the link printed before.
const BY_GAME: &str = "tablelink-of/";

/// Crockford's base32: no I, L, O, U — what a person could read off a sheet if they had to.
const CROCKFORD: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// What a table link opens: one game of one round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableLink {
    pub tournament: TournamentId,
    pub round: u16,
    pub table: u16,
    pub game: GameId,
}

/// The table links of an office's store.
pub struct TableLinks {
    space: Arc<dyn Keyspace>,
}

fn sha256_hex(s: &str) -> String {
    hex::encode(Sha256::digest(s.as_bytes()))
}

/// 128 random bits as 26 Crockford base32 characters (5 bits each, the last carrying 3).
fn new_token() -> Result<String, OfficeError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| OfficeError::Internal(Fault::Randomness(e)))?;
    let bits = u128::from_be_bytes(bytes);
    Ok((0..26).map(|i| CROCKFORD[((bits >> (i * 5)) & 31) as usize] as char).collect())
}

fn encode(link: &TableLink) -> Result<Vec<u8>, OfficeError> {
    serde_json::to_vec(link).map_err(|e| OfficeError::Internal(Fault::Json { what: "table link".into(), source: e }))
}

impl TableLinks {
    pub fn new(space: Arc<dyn Keyspace>) -> Self {
        TableLinks { space }
    }

    /// Mints `link`'s token, revoking the one minted for the same game before (a reprinted
    /// sheet replaces the old one). The token is in the answer only.
    pub fn mint(&self, link: &TableLink) -> Result<String, OfficeError> {
        let token = new_token()?;
        let hash = sha256_hex(&token);
        let of_game = format!("{BY_GAME}{}/{}", link.tournament, link.game);
        self.space.insert(format!("{BY_HASH}{hash}").as_bytes(), &encode(link)?)?;
        if let Some(old) = self.space.get(of_game.as_bytes())? {
            if let Ok(old) = std::str::from_utf8(&old) {
                self.space.remove(format!("{BY_HASH}{old}").as_bytes())?;
            }
        }
        self.space.insert(of_game.as_bytes(), hash.as_bytes())?;
        Ok(token)
    }

    /// The game `token` opens; [`TableLinkRefusal::Unknown`] if none (never minted, mistyped
    /// or replaced by a newer one).
    pub fn open(&self, token: &str) -> Result<TableLink, OfficeError> {
        let token = token.trim().to_ascii_uppercase();
        let bytes = self.space.get(format!("{BY_HASH}{}", sha256_hex(&token)).as_bytes())?;
        let bytes = bytes.ok_or(OfficeError::TableLink(TableLinkRefusal::Unknown))?;
        serde_json::from_slice(&bytes)
            .map_err(|e| OfficeError::Internal(Fault::Json { what: "table link record".into(), source: e }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn links(name: &str) -> TableLinks {
        let dir = std::env::temp_dir().join(format!("wa-tablelinks-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let db = sled::open(&dir).unwrap();
        TableLinks::new(Arc::new(db.open_tree("accounts").unwrap()))
    }

    fn link(game: &str) -> TableLink {
        TableLink { tournament: TournamentId::new("t1").unwrap(), round: 1, table: 1, game: GameId::new(game).unwrap() }
    }

    #[test]
    fn a_token_is_26_crockford_characters_stored_only_hashed() {
        let l = links("hashed");
        let token = l.mint(&link("r1-t1")).unwrap();
        assert_eq!(token.len(), 26);
        assert!(token.bytes().all(|b| CROCKFORD.contains(&b)), "{token}");
        assert_eq!(l.open(&token).unwrap(), link("r1-t1"));
        assert_eq!(l.open(&token.to_ascii_lowercase()).unwrap(), link("r1-t1"), "read case-blind");
        let stored = l.space.scan_prefix(b"").unwrap();
        assert!(
            stored
                .iter()
                .all(|(k, v)| !String::from_utf8_lossy(k).contains(&token)
                    && !String::from_utf8_lossy(v).contains(&token))
        );
    }

    #[test]
    fn minting_again_revokes_the_earlier_link_of_that_game_only() {
        let l = links("remint");
        let first = l.mint(&link("r1-t1")).unwrap();
        let other = l.mint(&link("r1-t2")).unwrap();
        let second = l.mint(&link("r1-t1")).unwrap();
        assert_ne!(first, second);
        assert!(matches!(l.open(&first), Err(OfficeError::TableLink(TableLinkRefusal::Unknown))));
        assert_eq!(l.open(&second).unwrap(), link("r1-t1"));
        assert_eq!(l.open(&other).unwrap(), link("r1-t2"));
    }
}
