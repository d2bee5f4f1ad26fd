//! Store metadata: layout version and migrations, sequence counter, sync cursor, HLC, device.

use crate::clock::Hlc;
use crate::domain::DeviceId;
use crate::error::{CoreError, Result};
use crate::store::{keys, storage, STORE_SCHEMA};

fn get_u64(db: &sled::Db, name: &str) -> Result<Option<u64>> {
    Ok(db.get(keys::meta(name)).map_err(storage)?.and_then(|v| keys::u64_of(&v)))
}

fn set_u64(db: &sled::Db, name: &str, v: u64) -> Result<()> {
    db.insert(keys::meta(name), &v.to_be_bytes()).map_err(storage)?;
    Ok(())
}

/// Refuses a store written by a newer layout; migrates an older one forward.
pub(super) fn check_schema(db: &sled::Db) -> Result<()> {
    match get_u64(db, "schema")? {
        None => set_u64(db, "schema", STORE_SCHEMA),
        Some(v) if v == STORE_SCHEMA => Ok(()),
        Some(v) if v > STORE_SCHEMA => Err(CoreError::Damaged {
            message: format!("store layout {v} was written by a newer version (this build reads up to {STORE_SCHEMA}); upgrade the app, nothing was changed"),
        }),
        Some(v) => migrate(db, v),
    }
}

/// One step of the layout migration path: rewrites the keys of layout `from` into `from + 1`.
type Migration = fn(&sled::Db) -> Result<()>;

/// Migrations by the layout they start from. Layout 1 is the first, so the list is empty; a
/// layout 2 adds `(1, migrate_1_to_2)` here and bumps [`STORE_SCHEMA`].
const MIGRATIONS: &[(u64, Migration)] = &[];

fn migrate(db: &sled::Db, mut from: u64) -> Result<()> {
    while from < STORE_SCHEMA {
        let Some((_, step)) = MIGRATIONS.iter().find(|(v, _)| *v == from) else {
            return Err(CoreError::Damaged {
                message: format!("no migration from store layout {from} to {STORE_SCHEMA}; nothing was changed"),
            });
        };
        step(db)?;
        from += 1;
        set_u64(db, "schema", from)?;
    }
    Ok(())
}

pub(super) fn next_seq(db: &sled::Db) -> Result<u64> {
    Ok(get_u64(db, "next_seq")?.unwrap_or(0))
}

pub(super) fn hlc(db: &sled::Db) -> Result<Hlc> {
    Ok(match db.get(keys::meta("hlc")).map_err(storage)? {
        Some(v) if v.len() == 12 => {
            Hlc::new(keys::u64_of(&v).unwrap_or(0), u32::from_be_bytes([v[8], v[9], v[10], v[11]]))
        }
        _ => Hlc::default(),
    })
}

pub(super) fn set_hlc(db: &sled::Db, hlc: Hlc) -> Result<()> {
    let mut v = hlc.wall_ms.to_be_bytes().to_vec();
    v.extend_from_slice(&hlc.logical.to_be_bytes());
    db.insert(keys::meta("hlc"), v).map_err(storage)?;
    Ok(())
}

pub(super) fn device(db: &sled::Db) -> Result<Option<DeviceId>> {
    match db.get(keys::meta("device")).map_err(storage)? {
        Some(v) => Ok(DeviceId::new(String::from_utf8_lossy(&v).into_owned()).ok()),
        None => Ok(None),
    }
}

pub(super) fn set_device(db: &sled::Db, d: &DeviceId) -> Result<()> {
    db.insert(keys::meta("device"), d.as_str().as_bytes()).map_err(storage)?;
    Ok(())
}

impl super::Store {
    /// The office sequence number this device has pulled up to.
    pub fn cursor(&self) -> Result<u64> {
        Ok(get_u64(&self.db, "cursor")?.unwrap_or(0))
    }

    pub fn set_cursor(&self, cursor: u64) -> Result<()> {
        set_u64(&self.db, "cursor", cursor)
    }

    /// The last HLC stamp this device issued or observed.
    pub fn hlc(&self) -> Result<Hlc> {
        hlc(&self.db)
    }

    /// Merges stamps seen on pulled events into this device's clock (at physical time `now_ms`),
    /// so that what it records next is ordered after them.
    pub fn observe(&self, seen: impl IntoIterator<Item = Hlc>, now_ms: u64) -> Result<Hlc> {
        let _guard = self.lock();
        let mut clock = crate::clock::HybridClock::resume(hlc(&self.db)?);
        let mut last = clock.last();
        for h in seen {
            last = clock.observe(h, now_ms);
        }
        set_hlc(&self.db, last)?;
        Ok(last)
    }
}
