//! The core crate's one error type: everything the pure crate refuses, plus what the edges
//! (disk, network, the office) can fail with. Every variant has a stable machine `code` so the
//! UI and HTTP see `{code, message}` and never have to match on text.

pub use arbiter_domain::error::{words, Detail, Forbidden, IdFault, Noun, Scope, UndoRefusal, Unmet};
use arbiter_domain::labels::{Lang, Said};
pub use arbiter_domain::{DomainError, ErrorBody};

/// Everything the core can refuse, with enough context to say what was wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CoreError {
    /// The rules, the wire format or a fold refused (see [`DomainError`]).
    #[error(transparent)]
    Domain(#[from] DomainError),
    /// The disk, the embedded index or the database failed: what was being done and how, with
    /// the failure's kind and the error itself kept for whoever decides by them.
    #[error("storage error: {message}")]
    Storage {
        cause: StorageCause,
        message: String,
        #[source]
        source: Option<Source>,
    },
    /// A check this program makes of its own work failed: a bug, not bad input and not a
    /// failing disk. Nothing was written.
    #[error("internal error: {0}; nothing was written — please report it")]
    Broken(&'static str),
    /// The store is damaged; the message says what can still be recovered and how.
    #[error("store damaged: {message}")]
    Damaged { message: String },
    /// The office could not be reached (offline, refused, timed out).
    #[error("office unreachable: {0}")]
    Network(String),
    /// The office presented a certificate other than the one this device enrolled with: someone
    /// may be impersonating it (or the organiser replaced it, and the device must enroll again).
    #[error(
        "the office's certificate is not the one this tablet enrolled with (expected {expected}, \
         got {seen}): someone on the network may be impersonating the office, nothing was sent. \
         Tell the chief arbiter; if the organiser replaced the certificate, enroll again"
    )]
    OfficeCertificate { expected: String, seen: String },
    /// The office answered with an error.
    #[error("office refused ({status}): {code} — {message}")]
    Remote { status: u16, code: String, message: String, said: Option<Box<Said>> },
    /// Another process has the store open (sled's lock is held): nothing is wrong with it.
    #[error("the store in {dir} is open in another process")]
    InUse { dir: String },
    /// The disk holding the store has less free space than the store keeps in reserve: nothing
    /// was written. Writes go on by themselves once space is freed.
    #[error(
        "disk full: {free_mb} MB free on the disk holding {dir}, and the store keeps {reserve_mb} MB in reserve; \
         nothing was written. Free space on that disk (old backups, logs); writing resumes by itself"
    )]
    DiskFull { dir: String, free_mb: u64, reserve_mb: u64 },
    /// A journal line whose checksum does not hold: its bytes changed after they were written.
    #[error(
        "journal line damaged: {file} at byte {offset}{}: its bytes are not those written (checksum), \
         so it is not read; everything else is served. `arbiter-office salvage` exports every other \
         event; another copy of this one (the device that recorded it, a backup) can be imported",
        event.as_ref().map(|e| format!(" (event {e})")).unwrap_or_default()
    )]
    JournalCorrupt { file: String, offset: u64, event: Option<String> },
    /// An event whose signature does not hold, or whose signer may not sign it.
    /// The store cannot be reached now (its database is down or every connection is busy):
    /// nothing was written; try again.
    #[error("store unavailable: {0}")]
    Unavailable(String),

    #[error("forged: {0}")]
    Forged(String),
    /// This device's signing key is not in its data directory (restored from a backup without
    /// it): it cannot sign, so it must enroll again.
    #[error("this device's signing key is missing ({0}); enroll again with a new code")]
    KeyMissing(String),
}

impl CoreError {
    /// Stable code for UIs and HTTP clients.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Domain(e) => e.code(),
            Self::Storage { .. } => "storage",
            Self::Broken(_) => "internal",
            Self::Network(_) => "network",
            Self::Remote { .. } => "remote",
            Self::OfficeCertificate { .. } => "office_certificate_changed",
            Self::Damaged { .. } => "store_damaged",
            Self::Forged(_) => "forged",
            Self::InUse { .. } => "store_in_use",
            Self::KeyMissing(_) => "key_missing",
            Self::DiskFull { .. } => "disk_full",
            Self::JournalCorrupt { .. } => "journal_corrupt",
            Self::Unavailable(_) => "store_unavailable",
        }
    }

    /// The `{code, message}` form shown to UIs and HTTP clients, with the sentence in each language.
    pub fn body(&self) -> ErrorBody {
        ErrorBody { code: self.code().to_owned(), message: self.to_string(), said: Some(Box::new(self.said())) }
    }

    /// An office's refusal as it answered: its `{code, message}` and, where it said them, its
    /// sentences in each language.
    pub fn remote(status: u16, body: ErrorBody) -> Self {
        Self::Remote { status, code: body.code, message: body.message, said: body.said }
    }

    /// The error in each language, for a screen in any of them. The English is its `Display`;
    /// the detail a disk or a network gave (paths, OS messages) is kept as it came, inside each
    /// sentence.
    pub fn said(&self) -> Said {
        let en = self.to_string();
        // Each language's sentence from its template; `{}` where the detail goes.
        let frame = |five: [&str; 5], detail: &str| {
            Said::each(|l| if l == Lang::En { en.clone() } else { l.pick(five).replace("{}", detail) })
        };
        match self {
            Self::Domain(e) => e.said(),
            Self::Storage { message, .. } => {
                frame(["存储错误：{}", "", "儲存錯誤：{}", "저장소 오류: {}", "ストレージのエラー：{}"], message)
            }
            Self::Broken(what) => frame(
                [
                    "内部错误：{}；未写入任何内容，请报告此问题",
                    "",
                    "內部錯誤：{}；未寫入任何內容，請回報此問題",
                    "내부 오류: {}. 아무것도 쓰지 않았습니다. 이 문제를 알려 주세요",
                    "内部エラー：{}。何も書き込んでいません。この問題を報告してください",
                ],
                what,
            ),
            Self::Damaged { message } => frame(
                ["存储已损坏：{}", "", "儲存已損壞：{}", "저장소 손상: {}", "ストレージが破損しています：{}"],
                message,
            ),
            Self::Network(d) => frame(
                [
                    "无法连接办公室：{}",
                    "",
                    "無法連線辦公室：{}",
                    "사무국에 연결할 수 없습니다: {}",
                    "事務局に接続できません：{}",
                ],
                d,
            ),
            Self::OfficeCertificate { expected, seen } => frame(
                [
                    "办公室的证书与本设备登记时的不同（{}）：网络上可能有人冒充办公室，未发送任何内容。请告知裁判长；如组委会更换了证书，请重新登记",
                    "",
                    "辦公室的憑證與本裝置登記時的不同（{}）：網路上可能有人冒充辦公室，未傳送任何內容。請告知裁判長；如組委會更換了憑證，請重新登記",
                    "사무국의 인증서가 이 기기를 등록할 때의 것과 다릅니다({}). 네트워크에서 누군가 사무국을 사칭하고 있을 수 있어 아무것도 보내지 않았습니다. 심판장에게 알리고, 주최 측이 인증서를 바꿨다면 다시 등록하세요",
                    "事務局の証明書がこの端末を登録したときのものと違います（{}）。ネットワーク上で誰かが事務局を装っているおそれがあるため、何も送っていません。審判長に知らせてください。主催者が証明書を替えた場合は登録し直してください",
                ],
                &format!("{expected} → {seen}"),
            ),
            Self::Remote { status, code, message, said } => {
                let five = ["办公室拒绝（{}）", "", "辦公室拒絕（{}）", "사무국이 거부했습니다({})", "事務局が拒否しました（{}）"];
                Said::each(|l| match (l, said) {
                    (Lang::En, _) => en.clone(),
                    (_, Some(s)) => format!("{}：{}", l.pick(five).replace("{}", &status.to_string()), s.get(l)),
                    (_, None) => format!("{}：{code} — {message}", l.pick(five).replace("{}", &status.to_string())),
                })
            }
            Self::InUse { dir } => frame(
                [
                    "{} 中的存储正被另一个进程使用",
                    "",
                    "{} 中的儲存正被另一個程序使用",
                    "{}의 저장소를 다른 프로세스가 열고 있습니다",
                    "{} のストレージは別のプロセスが開いています",
                ],
                dir,
            ),
            Self::DiskFull { dir, free_mb, reserve_mb } => frame(
                [
                    "磁盘已满：{}；未写入任何内容。请在该磁盘上腾出空间（旧备份、日志），写入会自行恢复",
                    "",
                    "磁碟已滿：{}；未寫入任何內容。請在該磁碟上騰出空間（舊備份、日誌），寫入會自行恢復",
                    "디스크가 가득 찼습니다: {}. 아무것도 쓰지 않았습니다. 그 디스크의 공간을 확보하면(오래된 백업, 로그) 쓰기가 저절로 재개됩니다",
                    "ディスクがいっぱいです：{}。何も書き込んでいません。そのディスクの空きを作れば（古いバックアップ、ログ）、書き込みは自動で再開します",
                ],
                &format!("{dir} {free_mb} MB / {reserve_mb} MB"),
            ),
            Self::JournalCorrupt { file, offset, event } => frame(
                [
                    "日志行损坏：{}：其内容与写入时不符（校验和），故不读取；其余内容照常提供。`arbiter-office salvage` 可导出其余所有事件；此事件的另一份副本（记录它的设备、备份）可以导入",
                    "",
                    "日誌行損壞：{}：其內容與寫入時不符（校驗和），故不讀取；其餘內容照常提供。`arbiter-office salvage` 可匯出其餘所有事件；此事件的另一份副本（記錄它的裝置、備份）可以匯入",
                    "저널 줄 손상: {}: 바이트가 쓴 것과 다르므로(체크섬) 읽지 않습니다. 나머지는 모두 제공됩니다. `arbiter-office salvage`로 다른 모든 이벤트를 내보낼 수 있고, 이 이벤트의 다른 사본(기록한 기기, 백업)을 가져올 수 있습니다",
                    "ジャーナル行の破損：{}：バイトが書き込んだものと違うため（チェックサム）読みません。ほかはすべて提供します。`arbiter-office salvage` でほかの全イベントを書き出せます。このイベントの別の写し（記録した端末、バックアップ）は取り込めます",
                ],
                &format!("{file} @{offset}{}", event.as_ref().map(|e| format!(" ({e})")).unwrap_or_default()),
            ),
            Self::Unavailable(d) => frame(
                [
                    "存储暂不可用：{}；未写入任何内容，请重试",
                    "",
                    "儲存暫不可用：{}；未寫入任何內容，請重試",
                    "저장소를 지금 사용할 수 없습니다: {}. 아무것도 쓰지 않았으니 다시 시도하세요",
                    "ストレージは現在利用できません：{}。何も書き込んでいないので、やり直してください",
                ],
                d,
            ),
            Self::Forged(d) => frame(["伪造：{}", "", "偽造：{}", "위조: {}", "偽造：{}"], d),
            Self::KeyMissing(d) => frame(
                [
                    "本设备的签名密钥缺失（{}）；请用新的登记码重新登记",
                    "",
                    "本裝置的簽名金鑰遺失（{}）；請用新的登記碼重新登記",
                    "이 기기의 서명 키가 없습니다({}). 새 코드로 다시 등록하세요",
                    "この端末の署名鍵がありません（{}）。新しいコードで登録し直してください",
                ],
                d,
            ),
        }
    }
}

/// What kind of storage failure an error was, decided by type (never read off its message).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StorageCause {
    /// The operating system refused a file operation, of this kind.
    Io(std::io::ErrorKind),
    /// The embedded index (sled) failed other than by I/O.
    Index,
    /// The database (PostgreSQL) failed.
    Database,
    /// A value kept beside the events could not be written or read as JSON.
    Encoding,
    /// The operating system gave no random bytes (ids, keys, nonces need them).
    Randomness,
    /// A worker thread stopped before it answered.
    Worker,
}

/// The error a storage failure came from, kept whole (a chain of sources) and shareable, so
/// [`CoreError`] stays `Clone`. Two are equal when they say the same.
#[derive(Debug, Clone)]
pub struct Source(std::sync::Arc<dyn std::error::Error + Send + Sync + 'static>);

impl PartialEq for Source {
    fn eq(&self, other: &Source) -> bool {
        self.0.to_string() == other.0.to_string()
    }
}

impl Eq for Source {}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Source {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

/// An error that a storage failure can come from, and the kind of failure it is.
pub trait StorageError: std::error::Error + Send + Sync + 'static {
    fn storage_cause(&self) -> StorageCause;
}

impl StorageError for std::io::Error {
    fn storage_cause(&self) -> StorageCause {
        StorageCause::Io(self.kind())
    }
}

impl StorageError for sled::Error {
    fn storage_cause(&self) -> StorageCause {
        match self {
            sled::Error::Io(io) => StorageCause::Io(io.kind()),
            _ => StorageCause::Index,
        }
    }
}

impl StorageError for serde_json::Error {
    fn storage_cause(&self) -> StorageCause {
        match self.io_error_kind() {
            Some(kind) => StorageCause::Io(kind),
            None => StorageCause::Encoding,
        }
    }
}

impl StorageError for std::str::Utf8Error {
    /// A key of the index that is not text: the index is not as written.
    fn storage_cause(&self) -> StorageCause {
        StorageCause::Index
    }
}

impl StorageError for getrandom::Error {
    fn storage_cause(&self) -> StorageCause {
        StorageCause::Randomness
    }
}

impl StorageError for tokio::task::JoinError {
    fn storage_cause(&self) -> StorageCause {
        StorageCause::Worker
    }
}

impl CoreError {
    /// A storage failure: `e` as it came, its kind kept.
    pub fn storage<E: StorageError>(e: E) -> CoreError {
        CoreError::Storage {
            cause: e.storage_cause(),
            message: e.to_string(),
            source: Some(Source(std::sync::Arc::new(e))),
        }
    }

    /// A storage failure while doing `what` (e.g. "cannot write /data/receipts.json").
    pub fn storage_in<E: StorageError>(what: impl std::fmt::Display, e: E) -> CoreError {
        CoreError::Storage {
            cause: e.storage_cause(),
            message: format!("{what}: {e}"),
            source: Some(Source(std::sync::Arc::new(e))),
        }
    }

    /// A storage failure of a kind no [`StorageError`] of this crate names (the database's).
    pub fn storage_of(
        cause: StorageCause,
        message: String,
        source: impl std::error::Error + Send + Sync + 'static,
    ) -> CoreError {
        CoreError::Storage { cause, message, source: Some(Source(std::sync::Arc::new(source))) }
    }

    /// The operating system's kind of the failure, where an I/O error was its cause.
    pub fn io_kind(&self) -> Option<std::io::ErrorKind> {
        match self {
            CoreError::Storage { cause: StorageCause::Io(kind), .. } => Some(*kind),
            _ => None,
        }
    }
}

/// Result alias for the core crate.
pub type Result<T, E = CoreError> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_edge_error_is_said_in_every_language() {
        let from_office = DomainError::NotEnrolled.body();
        let all = [
            CoreError::Domain(DomainError::NotEnrolled),
            CoreError::storage(std::io::Error::from_raw_os_error(5)),
            CoreError::Broken("a batch's lines do not match its events"),
            CoreError::Damaged { message: "meta tree unreadable".into() },
            CoreError::Network("connection refused".into()),
            CoreError::OfficeCertificate { expected: "ab12".into(), seen: "cd34".into() },
            CoreError::remote(409, from_office),
            CoreError::remote(503, ErrorBody::english("store_unavailable", "the database is down")),
            CoreError::InUse { dir: "/data".into() },
            CoreError::DiskFull { dir: "/data".into(), free_mb: 3, reserve_mb: 8 },
            CoreError::JournalCorrupt { file: "00001.jsonl".into(), offset: 512, event: Some("e1".into()) },
            CoreError::Unavailable("pool exhausted".into()),
            CoreError::Forged("bad signature".into()),
            CoreError::KeyMissing("device.key".into()),
        ];
        for e in all {
            let s = e.said();
            assert!(s.whole(), "{e:?}: {s:?}");
            assert_eq!(s.en, e.to_string());
            assert!(!s.ko.contains("{}") && !s.ja.contains("{}") && !s.zh.contains("{}"), "{s:?}");
        }
        // An office's refusal in the core's words reaches the tablet in every language.
        let remote = CoreError::remote(409, DomainError::NotEnrolled.body()).said();
        assert!(remote.ko.ends_with(&DomainError::NotEnrolled.said().ko), "{}", remote.ko);
    }

    #[test]
    fn a_storage_error_keeps_its_kind_and_its_source() {
        let e = CoreError::storage_in(
            "cannot write /data/receipts.json",
            std::io::Error::from(std::io::ErrorKind::PermissionDenied),
        );
        assert_eq!(e.io_kind(), Some(std::io::ErrorKind::PermissionDenied));
        assert!(matches!(e, CoreError::Storage { cause: StorageCause::Io(std::io::ErrorKind::PermissionDenied), .. }));
        let source = std::error::Error::source(&e).map(ToString::to_string);
        assert_eq!(source.as_deref(), Some("permission denied"));
        assert!(e.to_string().starts_with("storage error: cannot write /data/receipts.json: "), "{e}");
        // JSON that is not what was kept is an encoding failure, not an I/O one.
        let Err(json) = serde_json::from_str::<u32>("\"x\"") else { panic!("a string read as a number") };
        assert!(matches!(CoreError::storage(json), CoreError::Storage { cause: StorageCause::Encoding, .. }));
        assert_eq!(CoreError::Broken("x").code(), "internal");
    }
}
