//! The office's own refusals of a record, in each language, as the core says its errors: the
//! office answers with these sentences and a phone shows the one in its reader's language. The
//! English is the office's message word for word.

use arbiter_domain::labels::Said;

/// A referee recording on a table the chief arbiter did not assign them (第三十一条三).
pub fn not_your_table(table: u16, referee: &str, tables: &[u16]) -> Said {
    let list = tables.iter().map(u16::to_string).collect::<Vec<_>>().join(", ");
    Said {
        zh: format!("第{table}台未分派给裁判 `{referee}`（其台次：{list}）；换人代班由裁判长在裁判台分派"),
        en: format!(
            "table {table} is not assigned to referee `{referee}` (their tables: {list}); the chief arbiter assigns a cover from the desk"
        ),
        zh_hant: format!("第{table}桌未分派給裁判 `{referee}`（其桌號：{list}）；換人代班由裁判長在裁判台分派"),
        ko: format!("{table}번 테이블은 심판 `{referee}`에게 배정되지 않았습니다(담당 테이블: {list}). 대리 심판은 심판장이 본부석에서 배정합니다"),
        ja: format!("{table}番席は審判員 `{referee}` に割り当てられていません（担当の席：{list}）。代わりの審判員は審判長が本部席で割り当てます"),
    }
}

/// A phone's record said to be made further ahead of the office's clock than the clock-skew
/// bound allows (`ahead_s`, `bound_s` in seconds): nothing was stored.
pub fn record_ahead(ahead_s: u64, bound_s: u64) -> Said {
    Said {
        zh: format!("记录时间比办公室时钟快 {ahead_s} 秒（最多允许 {bound_s} 秒）：手机时钟在上次连接办公室后被改动；未保存任何内容，请重新记录"),
        en: format!(
            "made {ahead_s} s ahead of the office's clock (at most {bound_s} s allowed): the phone's clock moved since it last reached the office; nothing was stored — record it again"
        ),
        zh_hant: format!("記錄時間比辦公室時鐘快 {ahead_s} 秒（最多允許 {bound_s} 秒）：手機時鐘在上次連線辦公室後被改動；未儲存任何內容，請重新記錄"),
        ko: format!("기록 시각이 사무국 시계보다 {ahead_s}초 앞섭니다(최대 {bound_s}초 허용). 휴대폰 시계가 마지막 연결 뒤 바뀌었습니다. 아무것도 저장하지 않았으니 다시 기록하세요"),
        ja: format!("記録の時刻が事務局の時計より {ahead_s} 秒進んでいます（許容は最大 {bound_s} 秒）。前回事務局に接続してから端末の時計が変わりました。何も保存していません。記録し直してください"),
    }
}

/// A device's event stamped further ahead of the office's clock than allowed (`ahead_min`,
/// `bound_min` in minutes): it stays on the device for the chief arbiter.
pub fn stamped_ahead(ahead_min: u64, bound_min: u64) -> Said {
    Said {
        zh: format!("时间戳比办公室时钟快 {ahead_min} 分钟（最多允许 {bound_min} 分钟）：设备时钟有误；该事件留在设备上，交裁判长处理"),
        en: format!(
            "stamped {ahead_min} minute(s) ahead of the office's clock (at most {bound_min} allowed): the device's clock is wrong; the event stays on the device for the chief arbiter"
        ),
        zh_hant: format!("時間戳記比辦公室時鐘快 {ahead_min} 分鐘（最多允許 {bound_min} 分鐘）：裝置時鐘有誤；該事件留在裝置上，交裁判長處理"),
        ko: format!("타임스탬프가 사무국 시계보다 {ahead_min}분 앞섭니다(최대 {bound_min}분 허용). 기기 시계가 틀렸습니다. 이 기록은 기기에 남아 심판장이 처리합니다"),
        ja: format!("タイムスタンプが事務局の時計より {ahead_min} 分進んでいます（許容は最大 {bound_min} 分）。端末の時計が誤っています。この記録は端末に残り、審判長が扱います"),
    }
}

/// A phone's record made longer ago (`age_h` hours) than the office answers a record once
/// (`window_h`): it may be recorded already, so nothing was stored.
pub fn made_too_long_ago(age_h: u64, window_h: u64) -> Said {
    Said {
        zh: format!("记录于 {age_h} 小时前，超过办公室对同一记录只应答一次的时限（{window_h} 小时）：可能已记录过；未保存任何内容，如有缺漏由裁判长补记"),
        en: format!(
            "made {age_h} h ago, longer than the office answers a record once ({window_h} h): it may be recorded already; nothing was stored — the chief arbiter records it if it is missing"
        ),
        zh_hant: format!("記錄於 {age_h} 小時前，超過辦公室對同一紀錄只回應一次的時限（{window_h} 小時）：可能已記錄過；未儲存任何內容，如有缺漏由裁判長補記"),
        ko: format!("{age_h}시간 전에 기록되어, 사무국이 같은 기록에 한 번만 응답하는 기간({window_h}시간)을 넘었습니다. 이미 기록되었을 수 있어 아무것도 저장하지 않았습니다. 빠졌다면 심판장이 기록합니다"),
        ja: format!("{age_h} 時間前の記録で、事務局が同じ記録に一度だけ応答する期間（{window_h} 時間）を過ぎています。すでに記録済みの可能性があるため何も保存していません。抜けていれば審判長が記録します"),
    }
}

/// An app too old to sign what it records, enrolling at a league's venue (its centre admits only
/// signed events): the code is not spent.
pub fn key_required_to_enrol() -> Said {
    Said {
        zh: "本赛区向联赛总办公室转发记录，总办公室只接受记录设备签名的事件，而此应用（旧版本）不签名：请更新应用后重新登记——本登记码未被使用".into(),
        en: "this venue forwards to a league's central office, which admits only events signed by the device that recorded them, and this app signs none (an older build): update the app, then enroll again — this code is not spent".into(),
        zh_hant: "本賽區向聯賽總辦公室轉送紀錄，總辦公室只接受記錄裝置簽名的事件，而此應用程式（舊版本）不簽名：請更新應用程式後重新登記——本登記碼未被使用".into(),
        ko: "이 경기장은 리그 본부 사무국으로 기록을 전달하며, 본부는 기록한 기기가 서명한 기록만 받습니다. 이 앱(이전 버전)은 서명하지 않습니다. 앱을 업데이트한 뒤 다시 등록하세요. 이 등록 코드는 사용되지 않았습니다".into(),
        ja: "この会場はリーグ本部の事務局へ記録を転送し、本部は記録した端末が署名した記録だけを受け付けます。このアプリ（旧版）は署名しません。アプリを更新してから登録し直してください。この登録コードは使われていません".into(),
    }
}

/// An unsigned event from device `by` (forwarded by `via`, where a venue forwarded it) refused by
/// a league, which admits only events signed by the device that recorded them.
pub fn unsigned_in_league(event: &str, by: &str, via: Option<&str>) -> Said {
    let (zh_via, en_via, hant_via, ko_via, ja_via) = match via {
        Some(v) => (
            format!("（由 {v} 转发）"),
            format!(" (forwarded by {v})"),
            format!("（由 {v} 轉送）"),
            format!("({v}이(가) 전달)"),
            format!("（{v} が転送）"),
        ),
        None => Default::default(),
    };
    Said {
        zh: format!("设备 {by}{zh_via} 的事件 {event} 没有签名：联赛只接受记录设备签名的事件——请更新 {by} 上的应用并重新登记"),
        en: format!(
            "event {event} by device {by}{en_via} is unsigned: a league admits only events signed by the device that recorded them — update the app on {by} and enroll it again"
        ),
        zh_hant: format!("裝置 {by}{hant_via} 的事件 {event} 沒有簽名：聯賽只接受記錄裝置簽名的事件——請更新 {by} 上的應用程式並重新登記"),
        ko: format!("기기 {by}{ko_via}의 기록 {event}에 서명이 없습니다. 리그는 기록한 기기가 서명한 기록만 받습니다. {by}의 앱을 업데이트하고 다시 등록하세요"),
        ja: format!("端末 {by}{ja_via} の記録 {event} に署名がありません。リーグは記録した端末が署名した記録だけを受け付けます。{by} のアプリを更新して登録し直してください"),
    }
}

/// Too many failed sign-in attempts from this address: try again in `wait_s` seconds.
pub fn too_many_attempts(wait_s: u64) -> Said {
    Said {
        zh: format!("此地址登录失败次数过多：请 {wait_s} 秒后再试"),
        en: format!("too many failed attempts from this address: try again in {wait_s} s"),
        zh_hant: format!("此位址登入失敗次數過多：請 {wait_s} 秒後再試"),
        ko: format!("이 주소에서 로그인 실패가 너무 많습니다. {wait_s}초 뒤에 다시 시도하세요"),
        ja: format!("このアドレスからのログインの失敗が多すぎます。{wait_s} 秒後にもう一度試してください"),
    }
}

/// This address is locked out after `attempts` failed attempts; the organiser can lift it.
pub fn locked_out(attempts: u32) -> Said {
    Said {
        zh: format!("此地址登录失败 {attempts} 次，已被锁定；组织者可以解除（`GET/DELETE /api/v1/lockouts`）"),
        en: format!(
            "this address is locked out after {attempts} failed attempts; the organiser can lift it (GET/DELETE /api/v1/lockouts)"
        ),
        zh_hant: format!("此位址登入失敗 {attempts} 次，已被鎖定；組織者可以解除（`GET/DELETE /api/v1/lockouts`）"),
        ko: format!("이 주소는 {attempts}번 실패하여 잠겼습니다. 주최자가 해제할 수 있습니다(`GET/DELETE /api/v1/lockouts`)"),
        ja: format!("このアドレスは {attempts} 回失敗したためロックされました。主催者が解除できます（`GET/DELETE /api/v1/lockouts`）"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_domain::labels::Lang;

    /// Each refusal in each language: whole, its numbers and names in it, the English the
    /// office's message.
    fn each_language(s: &Said, numbers: &[&str]) {
        assert!(s.whole(), "{s:?}");
        for l in Lang::ALL {
            for n in numbers {
                assert!(s.get(l).contains(n), "{l:?} lacks {n}: {}", s.get(l));
            }
        }
    }

    #[test]
    fn not_your_table_in_zh() {
        assert_eq!(
            not_your_table(7, "ref-li", &[1, 2]).zh,
            "第7台未分派给裁判 `ref-li`（其台次：1, 2）；换人代班由裁判长在裁判台分派"
        );
    }

    #[test]
    fn not_your_table_in_en() {
        assert_eq!(
            not_your_table(7, "ref-li", &[1, 2]).en,
            "table 7 is not assigned to referee `ref-li` (their tables: 1, 2); the chief arbiter assigns a cover from the desk"
        );
    }

    #[test]
    fn not_your_table_in_zh_hant() {
        assert_eq!(
            not_your_table(7, "ref-li", &[1, 2]).zh_hant,
            "第7桌未分派給裁判 `ref-li`（其桌號：1, 2）；換人代班由裁判長在裁判台分派"
        );
    }

    #[test]
    fn not_your_table_in_ko() {
        assert_eq!(
            not_your_table(7, "ref-li", &[1, 2]).ko,
            "7번 테이블은 심판 `ref-li`에게 배정되지 않았습니다(담당 테이블: 1, 2). 대리 심판은 심판장이 본부석에서 배정합니다"
        );
    }

    #[test]
    fn not_your_table_in_ja() {
        assert_eq!(
            not_your_table(7, "ref-li", &[1, 2]).ja,
            "7番席は審判員 `ref-li` に割り当てられていません（担当の席：1, 2）。代わりの審判員は審判長が本部席で割り当てます"
        );
    }

    #[test]
    fn clock_ahead_in_each_language() {
        let s = record_ahead(598, 300);
        each_language(&s, &["598", "300"]);
        assert_eq!(s.zh, "记录时间比办公室时钟快 598 秒（最多允许 300 秒）：手机时钟在上次连接办公室后被改动；未保存任何内容，请重新记录");
        assert_eq!(s.zh_hant, "記錄時間比辦公室時鐘快 598 秒（最多允許 300 秒）：手機時鐘在上次連線辦公室後被改動；未儲存任何內容，請重新記錄");
        assert!(s.ko.starts_with("기록 시각이 사무국 시계보다 598초 앞섭니다"), "{}", s.ko);
        assert!(s.ja.starts_with("記録の時刻が事務局の時計より 598 秒進んでいます"), "{}", s.ja);
        assert!(s.en.starts_with("made 598 s ahead of the office's clock (at most 300 s allowed)"), "{}", s.en);
        let d = stamped_ahead(12, 5);
        each_language(&d, &["12", "5"]);
        assert!(d.en.starts_with("stamped 12 minute(s) ahead"), "{}", d.en);
    }

    #[test]
    fn made_too_long_ago_in_each_language() {
        let s = made_too_long_ago(30, 24);
        each_language(&s, &["30", "24"]);
        assert!(s.zh.starts_with("记录于 30 小时前"), "{}", s.zh);
        assert!(s.zh_hant.starts_with("記錄於 30 小時前"), "{}", s.zh_hant);
        assert!(s.ko.starts_with("30시간 전에 기록되어"), "{}", s.ko);
        assert!(s.ja.starts_with("30 時間前の記録"), "{}", s.ja);
        assert!(s.en.starts_with("made 30 h ago"), "{}", s.en);
    }

    #[test]
    fn a_league_refusing_what_is_unsigned_in_each_language() {
        let enrol = key_required_to_enrol();
        each_language(&enrol, &[]);
        assert!(enrol.ko.contains("이 등록 코드는 사용되지 않았습니다"), "{}", enrol.ko);
        let pushed = unsigned_in_league("e-1", "tab-1", Some("venue-a"));
        each_language(&pushed, &["e-1", "tab-1", "venue-a"]);
        assert_eq!(pushed.en, "event e-1 by device tab-1 (forwarded by venue-a) is unsigned: a league admits only events signed by the device that recorded them — update the app on tab-1 and enroll it again");
        let direct = unsigned_in_league("e-1", "tab-1", None);
        each_language(&direct, &["e-1", "tab-1"]);
        assert!(!direct.ja.contains("転送"), "{}", direct.ja);
    }
}
