"""Every word that a chart or a generated page shows, kept in one table per language.

A lesson's prose is written in its own language; these are the words the *code* puts on
the page (axis titles, button texts, captions), so that an English edition only adds a
column here.  The language is ``DPLAB_LANG`` (default ``ko``).
"""

from __future__ import annotations

import os

__all__ = ["LABELS", "label"]

LABELS: dict[str, dict[str, str]] = {
    "ko": {
        "nav.home": "처음",
        "code.fold": "코드 보기",
        "notebook.download": "이 단원을 노트북(.ipynb)으로 내려받기",
        "notebook.view": "노트북으로 보기",
        "notebook.page_title": "노트북",
        "catalog.heading": "단원 목록",
        "catalog.prerequisites": "먼저 알아두면 좋아요",
        "catalog.none": "없음",
        "chart.export_svg": "SVG로 저장",
        "chart.export_png": "PNG로 저장",
        "chart.menu": "차트 메뉴",
        "chart.table_show": "데이터를 표로 보기",
        "chart.table_hide": "표 닫기",
        "chart.table_rows": "처음 {shown}행 (전체 {total}행)",
        "lesson.unit": "단원 {order}",
        "lesson.reading_time": "읽는 시간 약 {minutes}분",
        "lesson.previous": "이전 단원",
        "lesson.next": "다음 단원",
        "lesson.navigation": "단원 이동",
        "callout.definition": "정의",
        "callout.theorem": "정리",
        "callout.scope": "결과의 범위",
        "callout.misreading": "흔한 오해",
        "callout.note": "참고",
        "exercise.title": "연습 문제 {number}",
        "exercise.solution": "해설 보기",
        "quiz.title": "이해 확인",
        "quiz.question": "문제 {number}",
        "quiz.correct": "맞았습니다.",
        "quiz.wrong": "다시 생각해 보세요.",
        "quiz.answer": "정답",
        "quiz.clear": "답과 학습 표시 지우기",
        "quiz.learned": "이 단원을 학습함으로 표시",
        "quiz.saved": "고른 답과 학습 표시는 이 브라우저에만 저장됩니다.",
        "quiz.explanations": "정답과 해설",
        "walkthrough.previous": "이전 단계",
        "walkthrough.next": "다음 단계",
        "walkthrough.step": "단계 {number}",
        "map.title": "과정 지도",
        "map.learned": "학습함",
        "map.not_learned": "아직",
        "laplace.output": "출력 y",
        "laplace.density": "확률밀도",
        "laplace.loss": "프라이버시 손실 L(y)",
        "laplace.input": "입력",
        "laplace.scale": "척도 b",
        "laplace.neighbour": "인접 입력",
        # Lesson 2: randomized response (dplab/views/randomized_response.py, rr_lab.py, rr-lab.js)
        "rr.output": "출력 Y (보고된 1의 개수)",
        "rr.probability": "확률",
        "rr.law_source": "P (출발 입력)",
        "rr.law_target": "Q (인접 입력)",
        "rr.event": "사건 S",
        "rr.pair": "순서 있는 인접 쌍 (출발 → 인접)",
        "rr.required": "필요한 δ",
        "rr.claim": "주장한 δ",
        "rr.pass": "통과",
        "rr.fail": "실패",
        "rr.alpha_axis": "α = e^ε (가로축은 ε가 아니라 α)",
        "rr.profile": "필요한 최소 δ",
        "rr.claim_point": "주장 (α, δ)",
        "rr.size": "사람 수 n (로그 눈금)",
        "rr.tv_axis": "α = 1에서 필요한 δ (총변동 거리)",
        "rr.series_p": "p = {p}",
        "rr.normal": "정규 근사",
        "rr.exact": "정확한 값",
        "rr.walk_inputs": "① 바뀌는 것: 한 사람의 비트",
        "rr.walk_outputs": "② 공개되는 것: 두 출력 분포",
        "rr.walk_event": "③ 사건 하나만 검사하기",
        "rr.walk_pairs": "④ 모든 순서 있는 쌍의 필요한 δ",
        "rr.walk_person": "사람",
        "rr.walk_source_row": "D: c = {c}",
        "rr.walk_target_row": "D′: c = {c}",
        "rr.walk_event_text": "S = {event}: P(S) = {ps}\nαQ(S) + δ = {bound} → {verdict}",
        "rr.col_source": "출발 개수 c",
        "rr.col_target": "인접 개수 c′",
        "rr.col_event": "최대화 사건",
        "rr.col_exact": "필요한 δ (정확)",
        "rr.col_approx": "필요한 δ (근삿값)",
        "rr.col_verdict": "δ = {delta}일 때",
        "rr.col_true_count": "참 개수 c",
        "rr.col_output": "Y = {y}",
        "rr.col_n": "n",
        "rr.col_ratio": "n = 1 대비",
        "rr.col_peak": "나머지 n − 1명 보고 개수의 최대 점확률",
        "rr.col_normal": "정규 근사",
        "rr.desc_pair": (
            "막대그림: 참 개수 {source}인 입력(P)과 {target}인 인접 입력(Q)에서 보고된 1의 개수 "
            "0부터 {n}까지의 확률. 점선 테두리는 사건 S = {event}."
        ),
        "rr.desc_pairs": (
            "막대그림: 순서 있는 인접 쌍 {count}개 각각의 필요한 δ와 주장한 δ = {delta}의 가로선. "
            "n = {n}, p = {p}, α = {alpha}."
        ),
        "rr.desc_profile": (
            "선그림: α = 1.0부터 10.0까지 0.1 간격으로 필요한 최소 δ. 가로축은 α = e^ε이다. "
            "점 하나가 주장 (α, δ) = ({alpha}, {delta}). n = {n}, p = {p}."
        ),
        "rr.desc_aggregation": (
            "선그림: α = 1에서 필요한 δ(총변동 거리)가 사람 수 n에 따라 줄어드는 모습, p = {ps}. "
            "n = 1은 한 사람이 자기 답만 무작위 응답으로 낸 경우이고, 점선은 정규 근사."
        ),
        "rr.desc_walkthrough": (
            "네 단계 그림: ① 참 개수 {source}와 {target}인 두 입력은 한 사람의 비트만 다르다. "
            "② 두 입력의 출력 분포. ③ 사건 S = {event} 하나의 검사. "
            "④ 모든 순서 있는 쌍의 필요한 δ와 주장한 δ = {delta}의 가로선."
        ),
        "rr.lab_title": "무작위 응답 실험실",
        "rr.lab_mechanism": "메커니즘: 채널을 바꿉니다",
        "rr.lab_claim": "주장: 판정의 기준을 바꿉니다",
        "rr.lab_query": "조회: 살펴볼 쌍과 사건만 바꿉니다",
        "rr.lab_n": "사람 수 n",
        "rr.lab_p": "참으로 보고할 확률 p",
        "rr.lab_alpha": "주장한 α = e^ε",
        "rr.lab_epsilon": "ε = ln α ≈ {eps}",
        "rr.lab_delta": "주장한 δ (0 이상 1 이하의 소수)",
        "rr.lab_delta_help": "예: 0.05, 0.4374, 1e-5. 적은 글자 그대로 정확한 유리수로 읽습니다.",
        "rr.lab_delta_invalid": (
            "0 이상 1 이하의 소수로 적어 주세요(예: 0.05, 1e-5). "
            "올바른 값이 들어올 때까지 판정을 보여 주지 않습니다."
        ),
        "rr.lab_lower": "조회할 쌍의 작은 참 개수 c",
        "rr.lab_lower_clamped": "요청한 c = {requested}은(는) n − 1 = {lower}로 맞췄습니다.",
        "rr.lab_direction": "방향",
        "rr.lab_up": "c → c+1 (한 사람의 0을 1로)",
        "rr.lab_down": "c+1 → c (한 사람의 1을 0으로)",
        "rr.lab_mask": "사건 마스크 Σ 2^y (음이 아닌 정수)",
        "rr.lab_bits": "사건 S에 넣을 출력",
        "rr.lab_mask_effective": "유효 마스크 {effective}: S = {event}",
        "rr.lab_mask_ignored": "n보다 큰 출력의 비트 {ignored}는 무시했습니다.",
        "rr.lab_mask_invalid": "음이 아닌 정수를 적어 주세요. 그 전까지 사건 검사를 멈춥니다.",
        "rr.lab_lower_invalid": "음이 아닌 정수를 적어 주세요. 그 전까지 사건 검사를 멈춥니다.",
        "rr.lab_live": "사건 하나의 검사: {event}. 전체 인증: {certificate}. {required}.",
        "rr.lab_query_heading": "선택한 쌍의 두 출력 분포와 사건 S",
        "rr.lab_pair_text": "출발 입력의 참 개수 c = {source}, 인접 입력의 참 개수 c′ = {target}",
        "rr.lab_event_values": "P(S) = {ps}, Q(S) = {qs}, αQ(S) + δ = {bound}",
        "rr.lab_event_pass": "이 사건에서 P(S) ≤ αQ(S) + δ",
        "rr.lab_event_fail": "이 사건에서 P(S) > αQ(S) + δ",
        "rr.lab_event_note": (
            "사건 하나의 통과는 차분 프라이버시가 아닙니다. 아래의 전체 인증을 보세요."
        ),
        "rr.lab_cert_heading": "모든 인접 쌍과 모든 사건: 전체 인증",
        "rr.lab_required": "필요한 δ = {exact}",
        "rr.lab_cert_scope": "순서 있는 인접 쌍 {pairs}개 × 사건 {events}개를 모두 다룹니다.",
        "rr.lab_cert_pass": "주장한 (α, δ)가 모든 쌍과 모든 사건에서 성립",
        "rr.lab_cert_fail": "주장한 (α, δ)가 성립하지 않는 쌍과 사건이 있음",
        "rr.lab_worst": "최댓값을 내는 쌍 {pair}, 사건 {event}",
        "rr.lab_profile_heading": "프라이버시 프로필: α마다 필요한 최소 δ",
        "rr.lab_utility_heading": "순수 ε와 추정 오차",
        "rr.lab_pure": "δ = 0일 때 가능한 가장 작은 ε = ln(p/(1−p)) ≈ {eps}",
        "rr.lab_pure_zero": "δ = 0일 때 가능한 가장 작은 ε = 0 (p = 1/2: 출력이 입력과 무관)",
        "rr.lab_pure_none": "유한한 순수 ε가 없음 (p = 1: 인접 개수의 출력이 겹치지 않음)",
        "rr.lab_mse": "불편 추정량 ĉ의 평균제곱오차 n·p(1−p)/(2p−1)² = {exact}",
        "rr.lab_mse_none": (
            "추정량을 쓸 수 없음: p = 1/2이면 모든 참 개수에서 Y의 분포가 같아 Y에 개수 정보가 "
            "없고, 2p − 1 = 0으로 나눌 수도 없습니다."
        ),
        "rr.lab_error": (
            "실험실의 계산이 빌드 때의 정확한 값과 다릅니다. 판정을 보여 주지 않습니다."
        ),
        "rr.badge_pass": "✓ 통과",
        "rr.badge_fail": "✗ 실패",
        "rr.badge_none": "— 판정 보류",
    },
    "en": {
        "nav.home": "Home",
        "code.fold": "Show code",
        "notebook.download": "Download this lesson as a notebook (.ipynb)",
        "notebook.view": "View as a notebook",
        "notebook.page_title": "Notebook",
        "catalog.heading": "Lessons",
        "catalog.prerequisites": "Good to know first",
        "catalog.none": "none",
        "chart.export_svg": "Save as SVG",
        "chart.export_png": "Save as PNG",
        "chart.menu": "Chart menu",
        "chart.table_show": "Show the data as a table",
        "chart.table_hide": "Hide the table",
        "chart.table_rows": "first {shown} rows (of {total})",
        "lesson.unit": "Unit {order}",
        "lesson.reading_time": "about {minutes} min read",
        "lesson.previous": "Previous lesson",
        "lesson.next": "Next lesson",
        "lesson.navigation": "Lesson navigation",
        "callout.definition": "Definition",
        "callout.theorem": "Theorem",
        "callout.scope": "Scope of this result",
        "callout.misreading": "Common misreading",
        "callout.note": "Note",
        "exercise.title": "Exercise {number}",
        "exercise.solution": "Show the solution",
        "quiz.title": "Check your understanding",
        "quiz.question": "Question {number}",
        "quiz.correct": "Correct.",
        "quiz.wrong": "Think again.",
        "quiz.answer": "answer",
        "quiz.clear": "Clear answers and the learned mark",
        "quiz.learned": "Mark this lesson as learned",
        "quiz.saved": "Your answers and the learned mark are kept in this browser only.",
        "quiz.explanations": "Answers and explanations",
        "walkthrough.previous": "Previous step",
        "walkthrough.next": "Next step",
        "walkthrough.step": "Step {number}",
        "map.title": "Course map",
        "map.learned": "learned",
        "map.not_learned": "not yet",
        "laplace.output": "output y",
        "laplace.density": "density",
        "laplace.loss": "privacy loss L(y)",
        "laplace.input": "input",
        "laplace.scale": "scale b",
        "laplace.neighbour": "neighbour",
        # Lesson 2: randomized response (dplab/views/randomized_response.py, rr_lab.py, rr-lab.js)
        "rr.output": "output Y (number of reported ones)",
        "rr.probability": "probability",
        "rr.law_source": "P (source input)",
        "rr.law_target": "Q (neighbour)",
        "rr.event": "event S",
        "rr.pair": "ordered adjacent pair (source → neighbour)",
        "rr.required": "required δ",
        "rr.claim": "claimed δ",
        "rr.pass": "pass",
        "rr.fail": "fail",
        "rr.alpha_axis": "α = e^ε (the axis is α, not ε)",
        "rr.profile": "smallest required δ",
        "rr.claim_point": "claim (α, δ)",
        "rr.size": "number of people n (log scale)",
        "rr.tv_axis": "required δ at α = 1 (total variation)",
        "rr.series_p": "p = {p}",
        "rr.normal": "normal approximation",
        "rr.exact": "exact",
        "rr.walk_inputs": "① what changes: one person's bit",
        "rr.walk_outputs": "② what is released: two output laws",
        "rr.walk_event": "③ checking one event only",
        "rr.walk_pairs": "④ required δ of every ordered pair",
        "rr.walk_person": "person",
        "rr.walk_source_row": "D: c = {c}",
        "rr.walk_target_row": "D′: c = {c}",
        "rr.walk_event_text": "S = {event}: P(S) = {ps}\nαQ(S) + δ = {bound} → {verdict}",
        "rr.col_source": "source count c",
        "rr.col_target": "neighbour count c′",
        "rr.col_event": "maximising event",
        "rr.col_exact": "required δ (exact)",
        "rr.col_approx": "required δ (approx.)",
        "rr.col_verdict": "at δ = {delta}",
        "rr.col_true_count": "true count c",
        "rr.col_output": "Y = {y}",
        "rr.col_n": "n",
        "rr.col_ratio": "relative to n = 1",
        "rr.col_peak": "largest point probability of the other n − 1 reports",
        "rr.col_normal": "normal approximation",
        "rr.desc_pair": (
            "Bar chart: probabilities of 0 to {n} reported ones for true count {source} (P) and "
            "the neighbouring true count {target} (Q). The dashed outline is the event S = {event}."
        ),
        "rr.desc_pairs": (
            "Bar chart: required δ of each of the {count} ordered adjacent pairs, with a rule at "
            "the claimed δ = {delta}. n = {n}, p = {p}, α = {alpha}."
        ),
        "rr.desc_profile": (
            "Line chart: smallest required δ for α = 1.0 to 10.0 in steps of 0.1; the axis is "
            "α = e^ε. One point is the claim (α, δ) = ({alpha}, {delta}). n = {n}, p = {p}."
        ),
        "rr.desc_aggregation": (
            "Line chart: required δ at α = 1 (total variation) as the number of people n grows, "
            "p = {ps}. n = 1 is one person's own randomized response; dashed: normal approximation."
        ),
        "rr.desc_walkthrough": (
            "Four-step figure: ① inputs with true counts {source} and {target} differ in one "
            "person's bit. ② their output laws. ③ checking the one event S = {event}. "
            "④ required δ of every ordered pair against the claimed δ = {delta}."
        ),
        "rr.lab_title": "Randomized-response lab",
        "rr.lab_mechanism": "Mechanism: changes the channel",
        "rr.lab_claim": "Claim: changes what is judged",
        "rr.lab_query": "Query: changes only the pair and event you look at",
        "rr.lab_n": "number of people n",
        "rr.lab_p": "probability p of a truthful report",
        "rr.lab_alpha": "claimed α = e^ε",
        "rr.lab_epsilon": "ε = ln α ≈ {eps}",
        "rr.lab_delta": "claimed δ (a decimal from 0 to 1)",
        "rr.lab_delta_help": (
            "e.g. 0.05, 0.4374, 1e-5. Read exactly as the rational number you type."
        ),
        "rr.lab_delta_invalid": (
            "Type a decimal from 0 to 1 (e.g. 0.05, 1e-5). Verdicts are withheld until the value "
            "is valid."
        ),
        "rr.lab_lower": "smaller true count c of the queried pair",
        "rr.lab_lower_clamped": "the requested c = {requested} was clamped to n − 1 = {lower}.",
        "rr.lab_direction": "direction",
        "rr.lab_up": "c → c+1 (one person's 0 becomes 1)",
        "rr.lab_down": "c+1 → c (one person's 1 becomes 0)",
        "rr.lab_mask": "event mask Σ 2^y (a non-negative integer)",
        "rr.lab_bits": "outputs in the event S",
        "rr.lab_mask_effective": "effective mask {effective}: S = {event}",
        "rr.lab_mask_ignored": "bits {ignored} of outputs above n are ignored.",
        "rr.lab_mask_invalid": "Type a non-negative integer. The event check waits until then.",
        "rr.lab_lower_invalid": "Type a non-negative integer. The event check waits until then.",
        "rr.lab_live": "One event: {event}. Certificate: {certificate}. {required}.",
        "rr.lab_query_heading": "Both output laws of the chosen pair and the event S",
        "rr.lab_pair_text": "source true count c = {source}, neighbour true count c′ = {target}",
        "rr.lab_event_values": "P(S) = {ps}, Q(S) = {qs}, αQ(S) + δ = {bound}",
        "rr.lab_event_pass": "on this event P(S) ≤ αQ(S) + δ",
        "rr.lab_event_fail": "on this event P(S) > αQ(S) + δ",
        "rr.lab_event_note": (
            "One passing event is not differential privacy; see the certificate below."
        ),
        "rr.lab_cert_heading": "Every adjacent pair and every event: the certificate",
        "rr.lab_required": "required δ = {exact}",
        "rr.lab_cert_scope": "Covers {pairs} ordered adjacent pairs × {events} events.",
        "rr.lab_cert_pass": "the claimed (α, δ) holds on every pair and every event",
        "rr.lab_cert_fail": "some pair and event violate the claimed (α, δ)",
        "rr.lab_worst": "maximised by pair {pair}, event {event}",
        "rr.lab_profile_heading": "Privacy profile: smallest required δ for each α",
        "rr.lab_utility_heading": "Pure ε and estimation error",
        "rr.lab_pure": "smallest ε with δ = 0: ln(p/(1−p)) ≈ {eps}",
        "rr.lab_pure_zero": "smallest ε with δ = 0: 0 (p = 1/2: the output ignores the input)",
        "rr.lab_pure_none": "no finite pure ε (p = 1: neighbouring counts have disjoint outputs)",
        "rr.lab_mse": "mean squared error of the unbiased estimate ĉ, n·p(1−p)/(2p−1)² = {exact}",
        "rr.lab_mse_none": (
            "no estimator: at p = 1/2 every true count gives Y the same law, so Y carries no "
            "information about the count, and 2p − 1 = 0 cannot be divided by."
        ),
        "rr.lab_error": (
            "The lab's arithmetic disagrees with the exact values of the build; no verdicts."
        ),
        "rr.badge_pass": "✓ pass",
        "rr.badge_fail": "✗ fail",
        "rr.badge_none": "— no verdict",
    },
}


def label(key: str, lang: str | None = None, **values: object) -> str:
    """The word for ``key`` in ``lang`` (default: ``DPLAB_LANG`` or Korean).

    ``values`` fill the label's ``{placeholders}``.

    >>> label("code.fold", "en")
    'Show code'
    >>> label("exercise.title", "ko", number=2)
    '연습 문제 2'
    """
    lang = lang or os.environ.get("DPLAB_LANG", "ko")
    if lang not in LABELS:
        raise ValueError(f"lang must be one of {sorted(LABELS)}; got {lang!r}")
    try:
        text = LABELS[lang][key]
    except KeyError:
        raise KeyError(f"no label {key!r} for language {lang!r}") from None
    return text.format(**values) if values else text
