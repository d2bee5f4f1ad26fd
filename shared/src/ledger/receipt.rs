//! Receipts: an office's signed statement of what it holds from one signer in one
//! tournament — how many of its signed events, and the digest of the last — given with every
//! push answer. A chain proves what a copy holds, not that nothing came after; whoever keeps a
//! receipt can show a copy that lacks events the office once held (its end cut, or rewritten).

use serde::{Deserialize, Serialize};

use crate::event::{EventDigest, PublicKey, SignatureBytes};
use crate::model::{DeviceId, TournamentId};

use super::SigningKey;

/// What an office held from `signer` when it answered a push.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Receipt {
    pub tournament: TournamentId,
    pub signer: DeviceId,
    /// Signed events of `signer` the office holds.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub count: u64,
    /// The digest of the last of them the office stored (the head of the signer's chain).
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub last: EventDigest,
    /// The key of the office that gives it, and its signature over the fields above.
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub office: PublicKey,
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub sig: SignatureBytes,
}

impl Receipt {
    fn signed_bytes(tournament: &TournamentId, signer: &DeviceId, count: u64, last: &EventDigest) -> Vec<u8> {
        let last: String = last.0.iter().map(|b| format!("{b:02x}")).collect();
        format!("weiqi-arbiter receipt 1\n{tournament}\n{signer}\n{count}\n{last}\n").into_bytes()
    }

    /// A receipt for `count` events of `signer`, the last `last`, signed with `key`.
    pub fn sign(
        key: &SigningKey,
        tournament: TournamentId,
        signer: DeviceId,
        count: u64,
        last: EventDigest,
    ) -> Receipt {
        let sig = SignatureBytes(key.sign_bytes(&Self::signed_bytes(&tournament, &signer, count, &last)));
        Receipt { tournament, signer, count, last, office: key.public(), sig }
    }

    /// Whether the signature holds under the key it names.
    pub fn holds(&self) -> bool {
        let Ok(key) = ed25519_dalek::VerifyingKey::from_bytes(&self.office.0) else { return false };
        let bytes = Self::signed_bytes(&self.tournament, &self.signer, self.count, &self.last);
        key.verify_strict(&bytes, &ed25519_dalek::Signature::from_bytes(&self.sig.0)).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_receipt_holds_until_any_field_changes() {
        let (key, _) = SigningKey::generate().unwrap();
        let r = Receipt::sign(
            &key,
            TournamentId::new("t1").unwrap(),
            DeviceId::new("tab-1").unwrap(),
            3,
            EventDigest([7; 32]),
        );
        assert!(r.holds());
        let wire = serde_json::to_string(&r).unwrap();
        assert_eq!(serde_json::from_str::<Receipt>(&wire).unwrap(), r);
        let mut fewer = r.clone();
        fewer.count = 2;
        assert!(!fewer.holds());
        let mut other = r.clone();
        other.last = EventDigest([8; 32]);
        assert!(!other.holds());
    }
}
