//! 第十八条 提子.

use crate::model::Role::Referee;
use crate::rules::penalty::{row, Condition::Always, PenaltyEntry};
use crate::rules::{Article::Art18, IncidentType::WrongfulRemoval, Ruling::RestoreWithWarning};

pub(crate) const ENTRIES: &[PenaltyEntry] = &[
    // 误将对方有气之子提取，判误提者警告一次，把有气之子放回原处。
    row(WrongfulRemoval, RestoreWithWarning, Art18, Referee, Always),
];
