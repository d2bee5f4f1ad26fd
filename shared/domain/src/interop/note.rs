//! What an import says of the file it read beside what it brought in: typed, each said in the
//! five languages, so that an organiser reads the notes in their own.

use crate::labels::{Lang, Said};
use crate::model::Overtime;

/// A note on an imported file (an OpenGotha file, a players' CSV).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportNote {
    /// Saved by OpenGotha 3.51, whose table numbers differ from 3.52.03's (ours).
    TablesNumbered { version: String },
    /// The file's time control, to be checked: OpenGotha keeps no number of byo-yomi periods.
    TimeControl { main_minutes: u16, overtime: Overtime },
    /// OpenGotha's "both win", which the Chinese rules have no ruling for: no result.
    BothWin { round: u16, table: u16 },
    /// A CSV line naming a player already registered (`of`: "p003, 北京"): not added.
    AlreadyRegistered { line: u32, name: String, of: String },
}

impl ImportNote {
    /// The note in each language.
    pub fn said(&self) -> Said {
        match self {
            ImportNote::TablesNumbered { version: v } => Said {
                zh: format!(
                    "由 OpenGotha {v} 保存：台次按 OpenGotha 3.52.03 的方式编号（3.51 的编号方式不同）；\
                     如本赛事在 OpenGotha 3.51 中编排，请在设置中选择 3.51 的台次顺序"
                ),
                en: format!(
                    "saved by OpenGotha {v}: tables are numbered as OpenGotha 3.52.03 numbers them (3.51 numbered \
                     them otherwise); pick 3.51's order in the set-up if this event is paired in OpenGotha 3.51"
                ),
                zh_hant: format!(
                    "由 OpenGotha {v} 儲存：桌號按 OpenGotha 3.52.03 的方式編號（3.51 的編號方式不同）；\
                     如本賽事在 OpenGotha 3.51 中編排，請在設定中選擇 3.51 的桌號順序"
                ),
                ko: format!(
                    "OpenGotha {v}로 저장된 파일입니다. 테이블 번호는 OpenGotha 3.52.03 방식으로 매깁니다(3.51은 다르게 \
                     매깁니다). 이 대회를 OpenGotha 3.51로 편성한다면 설정에서 3.51의 순서를 고르세요"
                ),
                ja: format!(
                    "OpenGotha {v} で保存されたファイルです。席番号は OpenGotha 3.52.03 の方式で付けます（3.51 は付け方が\
                     異なります）。この大会を OpenGotha 3.51 で組み合わせるなら、設定で 3.51 の順を選んでください"
                ),
            },
            ImportNote::TimeControl { main_minutes: m, overtime } => {
                let ot = |l: Lang| overtime_said(*overtime, l);
                Said {
                    zh: format!(
                        "用时取自 OpenGotha：基本时间 {m} 分钟，然后{}；请在设置中核对（OpenGotha 不记录读秒次数）",
                        ot(Lang::Zh)
                    ),
                    en: format!(
                        "time control from OpenGotha: {m} minutes, then {}; check it in the set-up (OpenGotha keeps no \
                         number of byo-yomi periods)",
                        ot(Lang::En)
                    ),
                    zh_hant: format!(
                        "用時取自 OpenGotha：基本時間 {m} 分鐘，然後{}；請在設定中核對（OpenGotha 不記錄讀秒次數）",
                        ot(Lang::ZhHant)
                    ),
                    ko: format!(
                        "OpenGotha의 시간 규정: 기본 시간 {m}분, 이어서 {}. 설정에서 확인하세요(OpenGotha는 초읽기 횟수를 \
                         기록하지 않습니다)",
                        ot(Lang::Ko)
                    ),
                    ja: format!(
                        "OpenGotha の持ち時間：{m}分、その後{}。設定で確かめてください（OpenGotha は秒読みの回数を記録しません）",
                        ot(Lang::Ja)
                    ),
                }
            }
            ImportNote::BothWin { round: r, table: t } => Said {
                zh: format!("第{r}轮第{t}台：OpenGotha 的“双方胜”在中国规则中没有对应的判定；未记录结果"),
                en: format!(
                    "round {r} table {t}: OpenGotha's \"both win\" has no Chinese ruling; left without a result"
                ),
                zh_hant: format!("第{r}輪第{t}桌：OpenGotha 的「雙方勝」在中國規則中沒有對應的判定；未記錄結果"),
                ko: format!(
                    "제{r}라운드 {t}번 테이블: OpenGotha의 ‘양쪽 승’은 중국 규칙에 해당하는 판정이 없어 결과 없이 두었습니다"
                ),
                ja: format!("第{r}回戦 {t}番席：OpenGotha の「両者勝ち」は中国規則に当たる裁定がないため、結果なしとしました"),
            },
            ImportNote::AlreadyRegistered { line: l, name, of } => Said {
                zh: format!("第 {l} 行：`{name}` 已登记（{of}）：不再重复添加"),
                en: format!("line {l}: `{name}` is already registered ({of}): not added again"),
                zh_hant: format!("第 {l} 行：`{name}` 已登記（{of}）：不再重複新增"),
                ko: format!("{l}행: `{name}`은(는) 이미 등록되어 있습니다({of}). 다시 추가하지 않았습니다"),
                ja: format!("{l}行目：`{name}` はすでに登録されています（{of}）。重ねて追加していません"),
            },
        }
    }
}

/// What comes after the main time (第十二条), as a note says it in `lang`.
fn overtime_said(o: Overtime, lang: Lang) -> String {
    match o {
        Overtime::ReservedMinutes { minutes: 0 } => {
            lang.pick(["无读秒", "sudden death", "無讀秒", "초읽기 없음", "秒読みなし"]).to_owned()
        }
        Overtime::ReservedMinutes { minutes: m } => lang.pick([
            format!("保留 {m} 分钟读秒（第十二条）"),
            format!("{m} reserved minute(s) (第十二条)"),
            format!("保留 {m} 分鐘讀秒（第十二條）"),
            format!("초읽기 {m}분(제12조)"),
            format!("秒読み {m} 分（第十二条）"),
        ]),
        Overtime::Periods { periods: p, seconds: s } => lang.pick([
            format!("{p} 次 {s} 秒读秒"),
            format!("{p} period(s) of {s} s"),
            format!("{p} 次 {s} 秒讀秒"),
            format!("{s}초 초읽기 {p}회"),
            format!("{s}秒の秒読み {p} 回"),
        ]),
        Overtime::Canadian { moves: n, seconds: s } => lang.pick([
            format!("{s} 秒内下 {n} 手（加拿大式）"),
            format!("{n} moves in {s} s (Canadian)"),
            format!("{s} 秒內下 {n} 手（加拿大式）"),
            format!("{s}초 동안 {n}수(캐나다식)"),
            format!("{s}秒で{n}手（カナダ方式）"),
        ]),
        Overtime::Fischer { seconds: s } => lang.pick([
            format!("每手加 {s} 秒（费舍尔）"),
            format!("{s} s a move (Fischer)"),
            format!("每手加 {s} 秒（費雪）"),
            format!("한 수마다 {s}초 추가(피셔)"),
            format!("1手ごとに{s}秒加算（フィッシャー）"),
        ]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every note is said in every language, the overtime in each of its forms.
    #[test]
    fn every_note_is_said_in_every_language() {
        let overtimes = [
            Overtime::ReservedMinutes { minutes: 0 },
            Overtime::ReservedMinutes { minutes: 5 },
            Overtime::Periods { periods: 3, seconds: 30 },
            Overtime::Canadian { moves: 25, seconds: 600 },
            Overtime::Fischer { seconds: 10 },
        ];
        let notes =
            overtimes.into_iter().map(|overtime| ImportNote::TimeControl { main_minutes: 60, overtime }).chain([
                ImportNote::TablesNumbered { version: "3.51.02".into() },
                ImportNote::BothWin { round: 2, table: 4 },
                ImportNote::AlreadyRegistered { line: 7, name: "王一".into(), of: "p003".into() },
            ]);
        for n in notes {
            let s = n.said();
            assert!(s.whole(), "{s:?}");
        }
        let five = ImportNote::TimeControl { main_minutes: 60, overtime: Overtime::ReservedMinutes { minutes: 5 } };
        assert_eq!(
            five.said().ko,
            "OpenGotha의 시간 규정: 기본 시간 60분, 이어서 초읽기 5분(제12조). 설정에서 확인하세요(OpenGotha는 초읽기 횟수를 \
             기록하지 않습니다)"
        );
    }
}
