//! Who may talk to the office: tournaments, the officials registered for them, one-time
//! enrollment codes, device tokens, revocations, and the log of refusals for the organiser.
//!
//! Tokens are 256-bit random values shown once; only their SHA-256 is stored. Codes are short
//! and typeable (8 characters of Crockford base32), single-use and expiring; also stored hashed.
//! Kept in a sled keyspace beside the event store; written with `flush`, which survives a killed
//! process (see docs/sync.md for what a power loss can undo here).

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use arbiter_core::sync::protocol::DeviceInfo;
pub use arbiter_core::sync::protocol::{IssuedCode, Refusal};
use sha2::{Digest, Sha256};

use arbiter_core::model::{DeviceId, PersonId, Role, TournamentId};
use arbiter_core::rules::RulesetSpec;
use arbiter_core::store::Keyspace;

use crate::error::{Clash, Fault, Misasked, Missing, OfficeError, SignIn};
use arbiter_core::DomainError;

/// An authenticated caller.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Principal {
    pub tournament: TournamentId,
    pub person: PersonId,
    pub role: Role,
    pub device: DeviceId,
}

/// A tournament hosted by this office.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentRecord {
    pub name: String,
    pub ruleset: RulesetSpec,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct PersonRecord {
    name: String,
    role: Role,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct CodeRecord {
    tournament: TournamentId,
    person: PersonId,
    expires_at: DateTime<Utc>,
    used: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct DeviceRecord {
    person: PersonId,
    role: Role,
    label: String,
    token_hash: String,
    revoked: bool,
    /// The key the device signs with (none: a build from before signatures).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    key: Option<arbiter_core::event::PublicKey>,
}

/// What a device receives for a valid code.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Enrolled {
    pub token: String,
    pub principal: Principal,
}

pub struct Accounts {
    tree: Arc<dyn Keyspace>,
}

const CROCKFORD: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const ORGANISER: &str = "organiser";

fn sha256_hex(s: &str) -> String {
    hex::encode(Sha256::digest(s.as_bytes()))
}

fn random<const N: usize>() -> Result<[u8; N], OfficeError> {
    let mut b = [0u8; N];
    getrandom::fill(&mut b).map_err(|e| OfficeError::Internal(Fault::Randomness(e)))?;
    Ok(b)
}

/// Upper-cases and drops separators, so “k7m2 9qxd” and “K7M2-9QXD” are the same code.
fn normalise_code(code: &str) -> String {
    code.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_uppercase()).collect()
}

fn decode<T: for<'de> Deserialize<'de>>(key: &str, v: &[u8]) -> Result<T, OfficeError> {
    serde_json::from_slice(v)
        .map_err(|source| OfficeError::Internal(Fault::Json { what: format!("accounts record {key}"), source }))
}

fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, OfficeError> {
    serde_json::to_vec(value)
        .map_err(|source| OfficeError::Internal(Fault::Json { what: "an accounts record".into(), source }))
}

impl Accounts {
    pub fn new(tree: Arc<dyn Keyspace>) -> Self {
        Self { tree }
    }

    fn get<T: for<'de> Deserialize<'de>>(&self, key: &str) -> Result<Option<T>, OfficeError> {
        self.tree.get(key.as_bytes())?.map(|v| decode(key, &v)).transpose()
    }

    fn put<T: Serialize>(&self, key: &str, value: &T) -> Result<(), OfficeError> {
        Ok(self.tree.insert(key.as_bytes(), &encode(value)?)?)
    }

    /// The keys under `prefix`, as text, the prefix taken off.
    fn names_under(&self, prefix: &str) -> Result<Vec<(String, Vec<u8>)>, OfficeError> {
        Ok(self
            .tree
            .scan_prefix(prefix.as_bytes())?
            .into_iter()
            .filter_map(|(k, v)| Some((std::str::from_utf8(&k).ok()?.strip_prefix(prefix)?.to_owned(), v)))
            .collect())
    }

    fn new_token(&self, principal: &Principal) -> Result<String, OfficeError> {
        let token = format!("wa1_{}", hex::encode(random::<32>()?));
        self.put(&format!("tok/{}", sha256_hex(&token)), principal)?;
        Ok(token)
    }

    pub fn tournament(&self, t: &TournamentId) -> Result<Option<TournamentRecord>, OfficeError> {
        self.get(&format!("tour/{t}"))
    }

    /// Every tournament this office runs.
    pub fn tournaments(&self) -> Result<Vec<TournamentId>, OfficeError> {
        self.names_under("tour/")?.into_iter().map(|(id, _)| Ok(TournamentId::new(&id)?)).collect()
    }

    /// Whether this office runs any tournament yet.
    pub fn has_tournament(&self) -> Result<bool, OfficeError> {
        Ok(!self.tree.scan_prefix(b"tour/")?.is_empty())
    }

    /// A one-time code that lets the office's page create the first tournament (and so mint the
    /// organiser's token) on an office that has none; a new code replaces an earlier one. Only
    /// its hash is kept.
    pub fn offer_setup_code(&self) -> Result<String, OfficeError> {
        for (key, _) in self.tree.scan_prefix(b"setup/")? {
            self.tree.remove(&key)?;
        }
        let code: String = random::<16>()?.iter().map(|b| CROCKFORD[usize::from(b % 32)] as char).collect();
        self.put(&format!("setup/{}", sha256_hex(&code)), &true)?;
        Ok(code.as_bytes().chunks(4).map(|c| String::from_utf8_lossy(c).into_owned()).collect::<Vec<_>>().join("-"))
    }

    /// Spends the setup code: true exactly once for the code offered, false for any other.
    pub fn take_setup_code(&self, code: &str) -> Result<bool, OfficeError> {
        let key = format!("setup/{}", sha256_hex(&normalise_code(code)));
        Ok(self.tree.remove(key.as_bytes())?.is_some())
    }

    /// Creates a tournament and returns the organiser's principal and token (shown once).
    pub fn create_tournament(
        &self,
        t: &TournamentId,
        record: &TournamentRecord,
    ) -> Result<(Principal, String), OfficeError> {
        if self.tournament(t)?.is_some() {
            return Err(OfficeError::Conflict(Clash::TournamentExists { tournament: t.clone() }));
        }
        self.put(&format!("tour/{t}"), record)?;
        let principal = Principal {
            tournament: t.clone(),
            person: PersonId::new(ORGANISER).map_err(OfficeError::from)?,
            role: Role::Organiser,
            device: DeviceId::new(format!("office-{t}")).map_err(OfficeError::from)?,
        };
        let token = self.new_token(&principal)?;
        Ok((principal, token))
    }

    /// Registers (or corrects) an official of the tournament.
    pub fn register_person(
        &self,
        t: &TournamentId,
        person: &PersonId,
        name: &str,
        role: Role,
    ) -> Result<(), OfficeError> {
        if role == Role::Organiser {
            return Err(OfficeError::Misasked(Misasked::NotAnOfficialRole));
        }
        self.put(&format!("person/{t}/{person}"), &PersonRecord { name: name.to_owned(), role })
    }

    /// Issues a one-time code for a registered official, valid for `ttl`.
    pub fn issue_code(
        &self,
        t: &TournamentId,
        person: &PersonId,
        ttl: Duration,
        now: DateTime<Utc>,
    ) -> Result<IssuedCode, OfficeError> {
        if self.get::<PersonRecord>(&format!("person/{t}/{person}"))?.is_none() {
            return Err(OfficeError::NotFound(Missing::Official { person: person.clone(), tournament: t.clone() }));
        }
        let bytes = random::<8>()?;
        let code: String = bytes.iter().map(|b| CROCKFORD[usize::from(b % 32)] as char).collect();
        let expires_at = now + ttl;
        let record = CodeRecord { tournament: t.clone(), person: person.clone(), expires_at, used: false };
        self.put(&format!("code/{}", sha256_hex(&code)), &record)?;
        Ok(IssuedCode {
            code: format!("{}-{}", &code[..4], &code[4..]),
            person: person.clone(),
            expires_at,
            link: None,
            fingerprint: None,
            qr_svg: None,
        })
    }

    /// Trades a code for a device token. The code is spent whether or not the device keeps the
    /// token; an expired, used or unknown code is refused with the reason.
    pub fn enroll(
        &self,
        code: &str,
        device: &DeviceId,
        label: &str,
        signing_key: Option<arbiter_core::event::PublicKey>,
        now: DateTime<Utc>,
    ) -> Result<Enrolled, OfficeError> {
        if device.as_str() == arbiter_core::event::OFFICE_SIGNER {
            let detail = arbiter_core::error::Detail::OfficesOwnName;
            return Err(DomainError::Invalid { field: "device".into(), detail }.into());
        }
        let key = format!("code/{}", sha256_hex(&normalise_code(code)));
        let Some(stored) = self.tree.get(key.as_bytes())? else {
            return Err(OfficeError::SignIn(SignIn::UnknownCode));
        };
        let mut record: CodeRecord = decode(&key, &stored)?;
        if record.used {
            return Err(OfficeError::SignIn(SignIn::CodeUsed));
        }
        if now > record.expires_at {
            return Err(OfficeError::SignIn(SignIn::CodeExpired { at: record.expires_at }));
        }
        let dev_key = format!("dev/{}/{device}", record.tournament);
        if self.get::<DeviceRecord>(&dev_key)?.is_some() {
            return Err(OfficeError::Conflict(Clash::DeviceEnrolled { device: device.clone() }));
        }
        let person: PersonRecord =
            self.get(&format!("person/{}/{}", record.tournament, record.person))?.ok_or_else(|| {
                OfficeError::NotFound(Missing::Official {
                    person: record.person.clone(),
                    tournament: record.tournament.clone(),
                })
            })?;
        record.used = true;
        // Spent by a swap from what was read: of two offices taking one code at once, one
        // enrolls and the other is told it was used.
        if !self.tree.compare_and_swap(key.as_bytes(), Some(&stored), Some(&encode(&record)?))? {
            return Err(OfficeError::SignIn(SignIn::CodeUsed));
        }
        let principal = Principal {
            tournament: record.tournament.clone(),
            person: record.person.clone(),
            role: person.role,
            device: device.clone(),
        };
        let token = self.new_token(&principal)?;
        let device_record = DeviceRecord {
            person: record.person,
            role: person.role,
            label: label.to_owned(),
            token_hash: sha256_hex(&token),
            revoked: false,
            key: signing_key,
        };
        if !self.tree.compare_and_swap(dev_key.as_bytes(), None, Some(&encode(&device_record)?))? {
            return Err(OfficeError::Conflict(Clash::DeviceEnrolled { device: device.clone() }));
        }
        Ok(Enrolled { token, principal })
    }

    /// The principal behind a bearer token; revoked devices and unknown tokens are refused.
    pub fn authenticate(&self, token: &str) -> Result<Principal, OfficeError> {
        let Some(p) = self.get::<Principal>(&format!("tok/{}", sha256_hex(token)))? else {
            return Err(OfficeError::SignIn(SignIn::UnknownToken));
        };
        if p.role != Role::Organiser {
            let dev: Option<DeviceRecord> = self.get(&format!("dev/{}/{}", p.tournament, p.device))?;
            if dev.is_none_or(|d| d.revoked) {
                return Err(OfficeError::SignIn(SignIn::DeviceRevoked { device: p.device.to_string() }));
            }
        }
        Ok(p)
    }

    /// Replaces the token `old` with a new one (shown once); `old` stops working at once.
    pub fn rotate(&self, old: &str) -> Result<String, OfficeError> {
        let p = self.authenticate(old)?;
        let token = self.new_token(&p)?;
        if p.role != Role::Organiser {
            let key = format!("dev/{}/{}", p.tournament, p.device);
            if let Some(mut d) = self.get::<DeviceRecord>(&key)? {
                d.token_hash = sha256_hex(&token);
                self.put(&key, &d)?;
            }
        }
        self.tree.remove(format!("tok/{}", sha256_hex(old)).as_bytes())?;
        Ok(token)
    }

    /// The devices enrolled in `t`, revoked ones included.
    pub fn devices(&self, t: &TournamentId) -> Result<Vec<DeviceInfo>, OfficeError> {
        let prefix = format!("dev/{t}/");
        let mut out = Vec::new();
        for (name, v) in self.names_under(&prefix)? {
            let d: DeviceRecord = decode(&name, &v)?;
            out.push(DeviceInfo {
                device: DeviceId::new(&name)?,
                person: d.person,
                role: d.role,
                label: d.label,
                revoked: d.revoked,
                key: d.key,
            });
        }
        Ok(out)
    }

    /// The key `device` signs with, if it enrolled with one.
    pub fn device_key(
        &self,
        t: &TournamentId,
        device: &DeviceId,
    ) -> Result<Option<arbiter_core::event::PublicKey>, OfficeError> {
        Ok(self.get::<DeviceRecord>(&format!("dev/{t}/{device}"))?.and_then(|d| d.key))
    }

    /// The role of the official an unspent, unexpired `code` was issued for (none: no such code),
    /// read without spending it.
    pub fn code_role(&self, code: &str) -> Result<Option<Role>, OfficeError> {
        let key = format!("code/{}", sha256_hex(&normalise_code(code)));
        let Some(stored) = self.tree.get(key.as_bytes())? else { return Ok(None) };
        let record: CodeRecord = decode(&key, &stored)?;
        let person: Option<PersonRecord> = self.get(&format!("person/{}/{}", record.tournament, record.person))?;
        Ok(person.map(|p| p.role))
    }

    /// Whether `device` enrolled here in `t` (revoked or not).
    pub fn knows_device(&self, t: &TournamentId, device: &DeviceId) -> Result<bool, OfficeError> {
        Ok(self.get::<DeviceRecord>(&format!("dev/{t}/{device}"))?.is_some())
    }

    /// Revokes a device: refused from its next request on.
    pub fn revoke(&self, t: &TournamentId, device: &DeviceId) -> Result<(), OfficeError> {
        self.set_revoked(t, device, true)
    }

    /// Revokes a device, or takes a revocation back (one the ledger could not record).
    pub fn set_revoked(&self, t: &TournamentId, device: &DeviceId, revoked: bool) -> Result<(), OfficeError> {
        let key = format!("dev/{t}/{device}");
        let mut d: DeviceRecord = self
            .get(&key)?
            .ok_or_else(|| OfficeError::NotFound(Missing::Device { device: device.clone(), tournament: t.clone() }))?;
        d.revoked = revoked;
        self.put(&key, &d)
    }

    /// Records a refusal for the organiser (kept to the newest 10,000 per tournament).
    pub fn log_refusal(&self, t: &TournamentId, refusal: &Refusal) -> Result<(), OfficeError> {
        // Keyed by time, then a random suffix: newest last, never colliding.
        let micros = refusal.at.timestamp_micros().max(0);
        let suffix = hex::encode(random::<4>()?);
        self.put(&format!("refusal/{t}/{micros:020}-{suffix}"), refusal)?;
        let prefix = format!("refusal/{t}/");
        let kept = self.tree.scan_prefix(prefix.as_bytes())?;
        if kept.len() > 10_000 {
            for (k, _) in kept.iter().take(kept.len() - 10_000) {
                self.tree.remove(k)?;
            }
        }
        Ok(())
    }

    /// How many refusals the log holds, over every tournament.
    pub fn refusal_count(&self) -> Result<usize, OfficeError> {
        Ok(self.tree.scan_prefix(b"refusal/")?.len())
    }

    /// The newest refusals first.
    pub fn refusals(&self, t: &TournamentId, limit: usize) -> Result<Vec<Refusal>, OfficeError> {
        let mut out = Vec::new();
        for (_, v) in self.tree.scan_prefix(format!("refusal/{t}/").as_bytes())?.into_iter().rev().take(limit) {
            if let Ok(r) = serde_json::from_slice(&v) {
                out.push(r);
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accounts(name: &str) -> Accounts {
        let dir = std::env::temp_dir().join(format!("arbiter-accounts-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Accounts::new(Arc::new(sled::Config::new().path(dir).temporary(true).open().unwrap().open_tree("a").unwrap()))
    }

    fn setup(a: &Accounts) -> (TournamentId, PersonId) {
        let t = TournamentId::new("t1").unwrap();
        a.create_tournament(&t, &TournamentRecord { name: "t".into(), ruleset: RulesetSpec::default() }).unwrap();
        let p = PersonId::new("ref-a").unwrap();
        a.register_person(&t, &p, "A", Role::Referee).unwrap();
        (t, p)
    }

    #[test]
    fn codes_are_short_typeable_single_use_and_expire() {
        let a = accounts("codes");
        let (t, p) = setup(&a);
        let now = Utc::now();
        let code = a.issue_code(&t, &p, Duration::minutes(30), now).unwrap();
        assert_eq!(code.code.len(), 9, "four characters, a dash, four characters");
        assert!(code.code.chars().all(|c| c == '-' || CROCKFORD.contains(&(c as u8))), "{}", code.code);
        let d = DeviceId::new("tab-1").unwrap();
        let late = now + Duration::minutes(31);
        let err = a.enroll(&code.code, &d, "t", None, late).unwrap_err();
        assert!(err.to_string().contains("expired"), "{err}");
        // Typed in lower case with a space instead of the dash: still the same code.
        let typed = code.code.to_lowercase().replace('-', " ");
        let enrolled = a.enroll(&typed, &d, "t", None, now).unwrap();
        assert_eq!(enrolled.principal.role, Role::Referee);
        assert!(enrolled.token.starts_with("wa1_") && enrolled.token.len() == 4 + 64, "256 bits, hex");
        assert!(a.enroll(&code.code, &DeviceId::new("tab-2").unwrap(), "t", None, now).is_err());
        assert_eq!(a.authenticate(&enrolled.token).unwrap().device, d);
    }

    #[test]
    fn tokens_are_stored_only_hashed() {
        let a = accounts("hashed");
        let (t, p) = setup(&a);
        let code = a.issue_code(&t, &p, Duration::minutes(5), Utc::now()).unwrap();
        let e = a.enroll(&code.code, &DeviceId::new("tab-1").unwrap(), "t", None, Utc::now()).unwrap();
        let raw = e.token.trim_start_matches("wa1_");
        for (k, v) in a.tree.scan_prefix(b"").unwrap() {
            let text = String::from_utf8_lossy(&k).to_string() + &String::from_utf8_lossy(&v);
            assert!(!text.contains(raw), "the token itself is stored somewhere");
            assert!(!text.contains(&code.code.replace('-', "")), "the code itself is stored somewhere");
        }
    }

    #[test]
    fn codes_are_only_for_registered_officials() {
        let a = accounts("unregistered");
        let (t, _) = setup(&a);
        let nobody = PersonId::new("nobody").unwrap();
        let err = a.issue_code(&t, &nobody, Duration::minutes(5), Utc::now()).unwrap_err();
        assert!(
            matches!(&err, OfficeError::NotFound(crate::error::Missing::Official { person, tournament })
                if *person == nobody && *tournament == t),
            "{err:?}"
        );
        assert_eq!(
            a.register_person(&t, &PersonId::new("o2").unwrap(), "x", Role::Organiser).unwrap_err().code(),
            "invalid_role"
        );
    }

    #[test]
    fn revoking_a_device_the_tournament_never_enrolled_names_it() {
        let a = accounts("unknown-device");
        let (t, _) = setup(&a);
        let ghost = DeviceId::new("tab-9").unwrap();
        let err = a.set_revoked(&t, &ghost, true).unwrap_err();
        assert!(
            matches!(&err, OfficeError::NotFound(crate::error::Missing::Device { device, tournament })
                if *device == ghost && *tournament == t),
            "{err:?}"
        );
        assert_eq!(err.to_string(), "no device `tab-9` in `t1`");
    }
}
