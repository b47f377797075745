"""Every word that a chart or a generated page shows, kept in one table per language.

A lesson's prose is written in its own language; these are the words the *code* puts on
the page (axis titles, button texts, captions), so that an English edition only adds a
column here.  The language is ``DPLAB_LANG`` (default ``ko``).
"""

from __future__ import annotations

import os

from dplab.views._particles import format_with_particles

__all__ = ["LABELS", "label"]

LABELS: dict[str, dict[str, str]] = {
    "ko": {
        "nav.home": "처음",
        "code.fold": "코드 보기",
        "notebook.download": "이 단원을 노트북(.ipynb)으로 내려받기",
        "notebook.view": "노트북으로 보기",
        "notebook.page_title": "노트북",
        "notebook.package_download": "dplab 패키지 내려받기 (.whl)",
        "notebook.install": (
            "**이 노트북을 실행하려면.** 코드가 부르는 `dplab` 패키지는 사이트에 "
            "노트북과 함께 있습니다. 패키지 파일 [{wheel}]({wheel})을 내려받아 이 노트북과 "
            "같은 폴더에 두고, 그 폴더에서 `pip install {wheel}`을 실행하세요(노트북 "
            "안에서는 `%pip install {wheel}`). 파이썬 {python} 이상이 필요합니다. 파일 "
            "자체는 인터넷 없이 설치되지만, 함께 쓰는 패키지({dependencies}) 가운데 아직 "
            "없는 것은 pip이 PyPI에서 받아 옵니다. 인터넷이 없다면 그 패키지들이 이미 있는 "
            "환경에서 `pip install --no-index {wheel}`로 설치하세요. 첫 코드 칸"
            "(`dplab.views.enable()`)은 Altair가 그래프를 이 과정의 방식(렌더러와 테마)으로 "
            "보이도록 설정합니다. `dplab` 패키지를 가져오기만 해서는 Altair 설정이 바뀌지 "
            "않으니, 이 칸을 다른 칸보다 먼저 실행하세요."
        ),
        # What a notebook shows instead of a lab or grader (dplab/site/notebook.py)
        "notebook.lab_live": (
            "이 실험은 사이트에서 직접 움직여 볼 수 있습니다: {link}. 노트북에는 아래처럼 "
            "실험실의 처음 상태만 있습니다."
        ),
        "notebook.grader_live": (
            "이 연습은 사이트에서 답을 적어 정확히 채점받을 수 있습니다: {link}. 답은 해설에 "
            "있습니다."
        ),
        "catalog.heading": "단원 목록",
        "catalog.prerequisites": "먼저 알아두면 좋아요",
        "catalog.none": "없음",
        "bundle.download": "강의 전체를 한 파일로 내려받기 ({file})",
        "bundle.inside": "지금 읽고 있는 것이 강의 전체를 담은 오프라인 묶음입니다.",
        "chart.export_svg": "SVG로 저장",
        "chart.export_png": "PNG로 저장",
        "chart.menu": "차트 메뉴",
        "page.scroll_hint": "옆으로 밀어 나머지를 보세요 →",
        "chart.table_show": "데이터를 표로 보기",
        "chart.table_hide": "표 닫기",
        "chart.table_rows": "처음 {shown}행 (전체 {total}행)",
        # The labs' shared controls (dplab/views/_lab.py, lab.js)
        "lab.step_down": "{name}: 한 칸 줄이기",
        "lab.step_up": "{name}: 한 칸 늘리기",
        "lab.typed_label": "값을 직접 적기",
        "lab.typed_refused": "‘{typed}’: {reason} 고를 수 있는 값: {values}.",
        "lab.typed_off_grid": "이 조절기가 고를 수 있는 값이 아닙니다.",
        "lab.typed_negative": "음수는 안 됩니다.",
        "lab.typed_probability": "확률이므로 0과 1 사이여야 합니다.",
        "lab.typed_range": "허용 범위는 {low}부터 {high}까지입니다.",
        # What the number reader (lab.js readNumber) finds wrong in a typed text
        "number.empty": "값이 비어 있습니다.",
        "number.not_number": "숫자로 읽을 수 없습니다(예: 3/4, 0.75, 1e-3, 1,000).",
        "number.comma": (
            "쉼표는 세 자리씩 끊을 때만 씁니다(1,000). 소수점은 마침표로 적으세요(0.9)."
        ),
        "number.zero_denominator": "분모가 0입니다.",
        "number.exponent": "지수는 −1000부터 1000까지만 읽습니다.",
        "number.too_long": "너무 깁니다(200자까지 읽습니다).",
        "lab.typed_near": "가장 가까운 값: {values}.",
        "lab.link_refused": (
            "주소에 적힌 값 가운데 실험실이 받을 수 없는 것은 빼고 열었습니다: {values}"
        ),
        "lab.chip_label": "지금 상태의 판정",
        "lab.permalink": "이 상태의 주소(공유·즐겨찾기)",
        "lab.open": "실험실에서 열기",
        "lab.try": "실험실에서 해 보기",
        "lab.try_state": "실험실에서: {state}",
        "comp.method_exact": "정확한 값",
        "comp.method_optimal": "최적 합성(KOV)",
        "comp.method_advanced": "고급 합성(DRV)",
        "comp.method_basic": "기본 합성",
        "comp.claim_line": "주장한 δ",
        "comp.point": "지금의 A",
        "comp.factor_axis": "전체 곱셈 계수 A = e^ε (로그 눈금)",
        "comp.delta_axis": "필요한 δ",
        "comp.eps_axis": "전체 ε",
        "comp.loss_axis": "프라이버시 손실 L",
        "comp.mass_axis": "확률 P(L)",
        "comp.k_select": "공개 횟수 k",
        "comp.col_copies": "복사본 k개의 δ (A = α에서)",
        "comp.col_fresh": "새 공개 k번의 δ (A = α에서)",
        "comp.col_fresh_basic": "새 공개 k번의 δ (A = αᵏ에서)",
        "comp.col_outputs": "k번 공개의 출력 수",
        "comp.col_ratio": "최적 / 정확",
        "comp.walk_counts": "L > ln A: δ에 들어감",
        "comp.walk_free": "L ≤ ln A",
        "comp.walk_line": "경계 L = ln A",
        "comp.walk_title": "k = {k}: δ {delta}",
        "comp.walk_table": "k = {k}번 공개의 손실 분포",
        "comp.walk_share": "δ에 더하는 몫 P(L)(1 − A e^(−L))₊",
        "comp.desc_walk": (
            "한 사람의 무작위 응답(p = {p})을 새 무작위성으로 {k}번 공개할 때 프라이버시 손실의 "
            "분포. 점선은 ln A (A = {factor}). 그보다 큰 손실이 δ = {delta}를 만든다."
        ),
        "comp.desc_bounds": (
            "n = {n}, p = {p}인 개수 채널을 {k}번 공개할 때 전체 곱셈 계수 A마다 필요한 δ: "
            "정확한 값, 최적 합성, 고급 합성, 기본 합성."
        ),
        "comp.desc_gauss": (
            "민감도 {sensitivity}, σ = {sigma}인 가우스 메커니즘을 k번 공개할 때 전체 ε마다 필요한 "
            "δ: 정확한 값과 세 합성 정리의 상계. k는 고를 수 있다."
        ),
        "comp.lab_title": "합성 실험실: k번 공개를 네 가지로 세기",
        "comp.lab_channel_group": "공개하는 채널",
        "comp.lab_claim_group": "검사할 주장 (A, δ)",
        "comp.lab_n": "사람 수 n",
        "comp.lab_p": "참 보고 확률 p",
        "comp.lab_k": "공개 횟수 k",
        "comp.lab_factor": "전체 곱셈 계수 A",
        "comp.lab_claim": "주장한 δ",
        "comp.lab_eps": "ε = ln A ≈ {value}",
        "comp.lab_pure": "한 번의 순수 곱셈 계수 α* = p/(1−p) = {alpha} (ε ≈ {eps})",
        "comp.lab_values_heading": "A에서 필요한 δ",
        "comp.lab_curves_heading": "A마다 필요한 δ",
        "comp.lab_verdict": "주장의 판정",
        "comp.lab_note": (
            "δ는 모두 정확한 분수에서 계산해 반올림해 보여 줍니다. 판정과 '증명함' 표시는 반올림한 "
            "값이 아니라 정확한 분수를 주장과 비교한 것입니다. 세 정리는 한 번의 공개를 "
            "(α*, 0)-차분 프라이버시로 보고 센 상계이며, 값 1은 그 정리가 아무것도 보장하지 "
            "못한다는 뜻입니다."
        ),
        "comp.lab_desc": (
            "지금 고른 n, p, k에서 전체 곱셈 계수 A마다 필요한 δ를 네 가지로 센 곡선, 주장한 δ의 "
            "가로선, 지금의 A에서 정확한 값의 점."
        ),
        "comp.badge_pass": "✓ 성립",
        "comp.badge_fail": "✗ 성립하지 않음",
        "comp.verdict_pass": "정확한 δ ≤ {claim}: k번 공개는 이 주장을 만족합니다.",
        "comp.verdict_fail": "정확한 δ > {claim}: k번 공개는 이 주장을 만족하지 않습니다.",
        "comp.proves": "이 주장을 증명함",
        "comp.proves_not": "이 주장을 증명하지 못함",
        "comp.lab_live": "정확한 δ {exact}. 주장 δ = {claim}: {badge}.",
        "chart.table_approx": "소수는 유효숫자 4자리로 반올림한 근삿값입니다.",
        "chart.series": "곡선",
        "chart.distribution": "분포",
        "chart.mark": "표시",
        "table.yes": "예",
        "table.no": "아니오",
        "lesson.unit": "단원 {order}",
        "lesson.reading_time": "읽기 약 {minutes}분",
        "lesson.working_time": "풀며 읽기 약 {minutes}분",
        "lesson.exercise_time": "연습 문제 {exercises}개 약 {minutes}분",
        "lesson.time_how": "시간을 센 방법",
        "lesson.previous": "이전 단원",
        "lesson.next": "다음 단원",
        "lesson.navigation": "단원 이동",
        "references.title": "참고 문헌",
        "references.intro": (
            "단원들이 인용한 자료를 모두 한 번씩 모았습니다. 본문의 짧은 인용(저자와 "
            "연도)을 누르면 이 쪽의 해당 자료로 오고, 자료 아래의 연결을 누르면 그 자료를 "
            "인용한 곳으로 돌아갑니다."
        ),
        "references.none": "아직 인용한 자료가 없습니다.",
        "references.cited_in": "인용한 곳:",
        "references.occurrence": "인용 {number}",
        "callout.definition": "정의",
        "callout.theorem": "정리",
        "callout.scope": "결과의 범위",
        "callout.misreading": "흔한 오해",
        "callout.note": "참고",
        "callout.implementation": "구현 노트",
        "exercise.title": "연습 문제 {number}",
        "exercise.solution": "해설 보기",
        "exercise.solution_heading": "연습 문제 {number}의 해설",
        "exercise.try": "직접 해 보기: 이 칸에 코드를 써서 답을 구해 보세요.",
        "quiz.title": "이해 확인",
        "quiz.question": "문제 {number}",
        "quiz.correct": "맞았습니다.",
        "quiz.wrong": "아닙니다. 고른 답의 해설과 힌트를 읽고 다시 골라 보세요.",
        "quiz.revealed": "정답을 표시했습니다. 정답을 본 문제는 점수에 들어가지 않습니다.",
        "quiz.answer": "정답",
        "quiz.hint": "힌트",
        "quiz.reveal": "정답 보기",
        "quiz.section": "관련 절",
        "quiz.how": (
            "답을 고르면 바로 채점합니다. 틀리면 고른 답의 해설과 힌트가 나오고, 다시 고를 수 "
            "있습니다. 정답은 “정답 보기”를 눌러야 나옵니다. 점수에는 문제마다 처음 고른 답만 "
            "들어갑니다."
        ),
        "quiz.score": (
            "처음에 맞힌 문제 {first} / {total}: 처음 고른 답이 정답인 문제의 수입니다. 다시 "
            "골라서 맞힌 문제와 정답을 본 문제는 세지 않습니다."
        ),
        "quiz.done": (
            "모든 문제를 처음 고른 답으로 맞혔으므로 과정 지도에 이 단원이 “학습함”으로 표시됩니다."
        ),
        "quiz.restart": "처음부터 다시 풀기",
        "quiz.clear": "저장된 점수 지우기",
        "quiz.saved": (
            "이 브라우저(localStorage)에는 문제마다 처음 고른 답이 정답이었는지만 저장됩니다. "
            "고른 답은 저장하지 않으므로 쪽을 다시 열면 빈 문제로 시작하지만, 다시 풀어도 "
            "저장된 첫 답의 결과는 바뀌지 않습니다. 모든 문제를 처음 고른 답으로, 정답 보기 "
            "없이 맞혔을 때만 이 단원이 학습함이 됩니다. “저장된 점수 지우기”를 누르면 이 "
            "기록이 지워지고, 그 뒤에 고르는 답이 다시 첫 답이 됩니다."
        ),
        "quiz.explanations": "정답과 해설",
        "grader.title": "정확히 채점하는 연습",
        "grader.static": (
            "이 연습은 사이트의 쪽에서 자바스크립트로 채점됩니다. 답은 해설에 있습니다."
        ),
        "grader.mismatch": (
            "채점기의 계산이 빌드의 정확한 계산과 다릅니다. 이 채점기를 믿지 말고 알려 주세요."
        ),
        "grader.claim": (
            "주장: 인접한 모든 순서쌍과 모든 사건 S에서 P(S) ≤ α·Q(S) + δ, "
            "α = e^ε = {alpha}, δ = {delta}."
        ),
        "grader.answer": "답",
        "grader.holds": "주장이 성립한다",
        "grader.breaks": "주장을 깨는 순서쌍과 사건이 있다",
        "grader.pair": "순서쌍 (출발 → 인접)",
        "grader.event": "사건 S (출력을 쉼표로 나열, 예: {example})",
        "grader.grade": "채점",
        "grader.reveal": "정답 보기",
        "grader.own": "다른 주장도 검사해 보기",
        "grader.alpha": "α = e^ε (분수 또는 소수)",
        "grader.delta": "δ (분수 또는 소수)",
        "grader.delta_at": "α = {alpha}에서 필요한 가장 작은 δ (분수 또는 소수)",
        "grader.check": "검사",
        "grader.choose": "먼저 답을 고르세요.",
        "grader.bad_number": "“{text}”: {reason}",
        "grader.bad_alpha": "α는 1 이상이어야 합니다(α = e^ε, ε ≥ 0).",
        "grader.bad_delta": "δ는 0 이상 1 이하여야 합니다.",
        "grader.bad_event": "출력이 아닌 값이 있습니다: “{text}”. 출력은 {outputs}입니다.",
        "grader.right_holds": (
            "맞았습니다. 필요한 가장 작은 δ가 {required}이므로 주장한 δ = {delta}로 충분합니다."
        ),
        "grader.wrong_holds": "아닙니다. 이 주장은 깨집니다.",
        "grader.search": (
            "주장을 깨는 순서쌍과 사건을 찾아 입력해 보세요. 한 순서쌍에서 P(S) − α·Q(S)를 가장 "
            "크게 하는 사건은 P(y) > α·Q(y)인 출력 y를 모두 모은 것입니다."
        ),
        "grader.right_breaks": "맞았습니다. 이 순서쌍과 사건이 주장을 깹니다.",
        "grader.no_break": (
            "이 사건으로는 깨지지 않습니다: P(S) − α·Q(S) = {excess} ≤ δ = {delta}. "
            "P(y) > α·Q(y)인 출력 y를 찾아보세요."
        ),
        "grader.holds_instead": (
            "아닙니다. 이 주장은 성립합니다. 이 사건에서 P(S) − α·Q(S) = {excess} ≤ δ = "
            "{delta}이고, 다른 순서쌍과 사건에서도 P(S) − α·Q(S)는 δ를 넘지 않습니다."
        ),
        "grader.solution_breaks": "정답: 이 주장은 깨집니다.",
        "grader.solution_holds": (
            "정답: 이 주장은 성립합니다. 필요한 가장 작은 δ가 {required} ≤ {delta}이므로 어떤 "
            "순서쌍과 사건도 주장을 깨지 못합니다."
        ),
        "grader.solution_delta": (
            "정답: δ = {required}. 순서쌍 {pair}, 사건 S = {event}에서 P(S) = {ps}, "
            "Q(S) = {qs}이고, 이 P(S) − α·Q(S)가 모든 순서쌍과 사건 가운데 가장 큽니다."
        ),
        "grader.breaking": (
            "깨는 곳: 순서쌍 {pair}, 사건 S = {event}. P(S) = {ps}, Q(S) = {qs}, "
            "P(S) − α·Q(S) = {excess} > δ = {delta}."
        ),
        "grader.own_holds": (
            "성립합니다: 모든 순서쌍과 모든 사건에서 필요한 δ는 {required}이고 {required} ≤ "
            "{delta}입니다."
        ),
        "grader.own_fails": "깨집니다: 필요한 가장 작은 δ는 {required}입니다.",
        "grader.own_hidden": (
            "깨는 순서쌍과 사건은 위 문제를 맞히거나 “정답 보기”를 누른 뒤에 보여 줍니다."
        ),
        "grader.delta_right": (
            "맞았습니다. δ = {required}이고, 순서쌍 {pair}의 사건 S = {event}에서 이 값에 이릅니다."
        ),
        "grader.delta_small": (
            "작습니다. 이 δ로는 주장이 깨집니다. 순서쌍마다 P(y) > α·Q(y)인 출력 y의 "
            "P(y) − α·Q(y)를 모두 더하고, 그 합이 가장 큰 순서쌍을 찾아보세요."
        ),
        "grader.delta_large": (
            "이 δ로도 주장은 성립하지만 가장 작은 값은 아닙니다. 더 작은 δ로도 되는지 확인해 "
            "보세요."
        ),
        "walkthrough.previous": "이전 단계",
        "walkthrough.next": "다음 단계",
        "walkthrough.step": "단계 {number}",
        "walkthrough.steps": "단계 목록",
        "walkthrough.live": "단계 {number} / {total}: {title}",
        "map.title": "과정 지도",
        "notation.title": "기호와 용어",
        "notation.button": "기호",
        "notation.open": "기호와 용어 보기",
        "notation.close": "닫기",
        "map.learned": "학습함",
        "map.not_learned": "아직",
        "map.progress": "이 브라우저에서 학습함이 된 단원: {learned} / {total}",
        "map.node_title": "{order}. {title}",
        "map.list_title": "단원 차례와 단원마다 먼저 읽을 단원",
        "map.needs": "먼저 읽을 단원",
        "map.list_caption": (
            "“먼저 읽을 단원”은 언제나 그 단원보다 앞 번호입니다. ✓ 표시와 초록 띠는 이 "
            "브라우저에서 학습함이 된 단원입니다."
        ),
        "map.goals": "이 단원을 마치면 할 수 있는 것",
        "map.time": "걸리는 시간",
        "laplace.output": "출력 y",
        "laplace.density": "확률밀도",
        "laplace.loss": "프라이버시 손실 L(y)",
        "laplace.input": "입력",
        "laplace.scale": "척도 b",
        "laplace.col_max_loss": "{low} ≤ y ≤ {high}에서 L(y)의 최댓값",
        "laplace.neighbour": "인접 입력",
        "laplace.desc_slider": (
            "선그림 두 칸: 민감도 Δ = {sensitivity}인 최악의 인접 쌍에서 두 입력의 라플라스 출력 "
            "밀도(위)와 프라이버시 손실 L(y)(아래). 슬라이더로 고른 척도 b에 따라 다시 그려진다."
        ),
        "laplace.table_density": "{who}의 밀도",
        "laplace.desc_walk_1": "선그림: f(D) = 0인 입력의 라플라스 출력 밀도, 척도 b = {scale}.",
        "laplace.desc_walk_2": (
            "선그림: 두 입력의 출력 밀도. 인접 입력의 밀도는 {sensitivity}만큼 옆으로 옮겨 갔다."
        ),
        "laplace.desc_walk_3": (
            "선그림: 두 입력의 출력 밀도와 손실이 최대 Δ/b인 출력 y ≤ 0(회색 영역)."
        ),
        "laplace.desc_walk_4": (
            "선그림: 두 입력의 출력 밀도, 인접 입력 밀도의 e^ε배(점선, ε = {eps}), 그 위로 "
            "나온 부분(회색). 회색 넓이가 δ(ε) ≈ {delta}."
        ),
        # Lesson 3: Laplace (dplab/views/laplace.py, laplace_lab.py, laplace-lab.js)
        "laplace.kind_sum": "합",
        "laplace.kind_mean": "평균",
        "laplace.kind_count": "개수",
        "laplace.kind_constant": "상수",
        "laplace.def_sum": "f(D) = x₁ + … + xₙ",
        "laplace.def_mean": "f(D) = (x₁ + … + xₙ) / n",
        "laplace.def_count": "f(D) = #{{i : xᵢ ≥ {threshold}}}",
        "laplace.def_constant": "f(D) = {constant}",
        "laplace.col_query": "질의",
        "laplace.col_definition": "정의",
        "laplace.col_sensitivity": "민감도 Δ",
        "laplace.col_scale": "b = Δ/ε",
        "laplace.col_mse": "2b²",
        "laplace.col_width": "범위 폭",
        "laplace.col_relative": "b ÷ 범위 폭",
        "laplace.series_scale": "b = {b}",
        "laplace.eps_axis": "ε (가로축은 ε 자체)",
        "laplace.delta_axis": "필요한 최소 δ(ε)",
        "laplace.scaled_neighbour": "e^ε × 인접 입력",
        "laplace.key_largest_loss": "손실이 가장 큰 출력 y ≤ 0",
        "laplace.key_excess": "e^ε × 인접 입력 위로 나온 부분 (넓이 δ(ε))",
        "laplace.desc_profile": (
            "선그림: 민감도 Δ = {sensitivity}인 라플라스 잡음에서 ε = 0부터 {eps_max}까지 "
            "필요한 최소 δ(ε). 척도 b = {scales}마다 곡선 하나. 곡선은 순수 ε = Δ/b(점)에서 "
            "0에 닿고 그 오른쪽에서는 0이다."
        ),
        "laplace.lab_title": "라플라스 실험실",
        "laplace.lab_kind": "질의 종류",
        "laplace.lab_n": "기록 수 n (공개)",
        "laplace.lab_bound": "값의 상한 B",
        "laplace.lab_scale": "잡음의 척도 b",
        "laplace.lab_eps": "검사할 ε",
        "laplace.lab_query": "{name}: {definition}",
        "laplace.lab_sensitivity": "민감도 Δ = {value}",
        "laplace.lab_pair": "이를 달성하는 인접 쌍: D = {dataset}, D′ = {neighbour}",
        "laplace.lab_gap": "f(D) = {before}, f(D′) = {after}: 차이가 정확히 Δ입니다.",
        "laplace.lab_pure": "순수 ε = Δ/b = {value}",
        "laplace.lab_delta": "δ(ε) = 1 − exp(−(Δ/b − ε)/2) ≈ {value}",
        "laplace.lab_delta_zero": "δ(ε) = 0: ε ≥ Δ/b이므로 순수 보장이 이 ε를 이미 덮습니다.",
        "laplace.lab_delta_same": "δ(ε) = 0: Δ = 0이면 두 출력 분포가 같습니다.",
        "laplace.lab_event": "최악 사건: 출력 y < t = (Δ − εb)/2 = {edge}",
        "laplace.lab_event_none": (
            "두 밀도의 비가 어디에서도 e^ε를 넘지 않아 δ가 필요한 사건이 없습니다."
        ),
        "laplace.lab_event_mark": "최악 사건 y < t",
        "laplace.lab_calibration": "이 ε를 순수 ε로 만드는 척도 b = Δ/ε = {value}",
        "laplace.lab_calibration_none_needed": (
            "Δ = 0이므로 잡음이 없어도(b = 0) 모든 ε를 만족합니다."
        ),
        "laplace.lab_calibration_impossible": (
            "Δ > 0일 때 ε = 0을 δ = 0으로 만족하는 유한한 척도는 없습니다."
        ),
        "laplace.lab_mae": "평균 절대 오차 E|Z| = b = {value} ({unit})",
        "laplace.lab_mse": "평균제곱오차 E Z² = 2b² = {value} ({unit})",
        "laplace.unit_sum": "합의 단위",
        "laplace.unit_mean": "평균의 단위",
        "laplace.unit_count": "단위: 명",
        "laplace.unit_constant": "상수의 단위",
        "laplace.unit2_sum": "합의 단위의 제곱",
        "laplace.unit2_mean": "평균의 단위의 제곱",
        "laplace.unit2_count": "단위: 명²",
        "laplace.unit2_constant": "상수의 단위의 제곱",
        "laplace.lab_relative": (
            "평균 절대 오차는 질의 값이 가질 수 있는 범위의 폭 {width}의 {percent}%입니다."
        ),
        "laplace.lab_relative_constant": (
            "상수 질의는 잡음이 필요 없으므로 이 오차는 모두 덧붙인 오차입니다."
        ),
        "laplace.lab_sensitivity_heading": "민감도와 그것을 달성하는 인접 쌍",
        "laplace.lab_privacy_heading": "프라이버시: 순수 ε와 정확한 δ(ε)",
        "laplace.lab_error_heading": "오차: 질의의 단위로",
        "laplace.lab_density_heading": "최악의 인접 쌍의 출력 밀도",
        "laplace.lab_profile_heading": "ε마다 필요한 최소 δ",
        "laplace.lab_profile_series": "δ(ε)",
        "laplace.lab_pure_series": "순수 ε = Δ/b",
        "laplace.lab_point": "검사할 (ε, δ(ε))",
        "laplace.lab_desc_density": (
            "선그림: f(D) = 0과 f(D′) = Δ인 최악의 인접 쌍의 라플라스 출력 밀도. 회색 영역은 "
            "검사할 ε에서의 최악 사건 y < t. 실험실의 조절기를 움직이면 다시 그려진다."
        ),
        "laplace.lab_desc_profile": (
            "선그림: ε = 0부터 5까지 필요한 최소 δ(ε). 점선은 순수 ε = Δ/b, 마름모는 검사할 ε. "
            "실험실의 조절기를 움직이면 다시 그려진다."
        ),
        "laplace.lab_live": "{sensitivity}. {pure}. {delta}.",
        "laplace.lab_error": (
            "실험실의 계산이 빌드 때 dplab이 낸 값과 다릅니다. 표시된 값을 믿지 마세요."
        ),
        # The inference lesson and lab (dplab/views/inference.py, inference_lab.py)
        "inference.mechanism_rr": "무작위 응답 (개수)",
        "inference.mechanism_laplace": "라플라스 잡음 (Δ = 1)",
        "inference.mechanism_gaussian": "가우스 잡음 (Δ = 1)",
        "inference.pure_rr": "순수 ε의 계수 α* = p/(1 − p) = {value}",
        "inference.pure_laplace": "μ = Δ/b = {mu}, 순수 ε의 계수 α* = e^μ ≈ {value}",
        "inference.pure_gaussian": "μ = Δ/σ = {mu}, 유한한 순수 ε 없음 (α* = ∞)",
        "inference.eps": "ε = ln α ≈ {value}",
        "inference.delta": "이 α에서 필요한 가장 작은 δ {value}",
        "inference.ratio": "허락되는 우도비 P(S)/Q(S) ∈ [{low}, {high}]",
        "inference.posterior": "사후 확률 Pr[H | S] ∈ [{low}, {high}]",
        "inference.badge_bounded": "사후 확률이 양쪽에서 묶임",
        "inference.badge_rule_out": "H를 배제할 수도 있음",
        "inference.reading_pure": (
            "δ = 0: 어떤 사건을 보든 사후 승산은 사전 승산의 1/α배와 α배 사이에 있습니다."
        ),
        "inference.reading_delta": (
            "δ > 0: 범위는 관찰한 사건의 확률 Q(S)에 달려 있고, Q(S)가 작을수록 넓어집니다."
        ),
        "inference.reading_rule_out": (
            "δ ≥ Q(S): 우도비의 상계 α + δ/Q(S)는 여전히 유한하지만 하계는 0입니다. P(S) = 0이고"
            " Q(S) ≤ δ인 사건도 허락되므로, 관찰자가 H를 완전히 배제할 수도 있습니다."
        ),
        "inference.power": "이 메커니즘의 가장 강한 검정: 검정력 1 − β {value}",
        "inference.bound": "(α, δ) 보장이 허락하는 가장 큰 검정력 {value}",
        "inference.prior_axis": "사전 확률 Pr[H]",
        "inference.posterior_axis": "사후 확률 Pr[H | S]",
        "inference.col_low": "가장 작은 사후 확률",
        "inference.col_high": "가장 큰 사후 확률",
        "inference.type_one": "제1종 오류 (거짓 양성률) x",
        "inference.type_two": "제2종 오류 β",
        "inference.region_caption": "보장의 경계 f(x): 그 아래는 어떤 검정도 닿지 못함",
        "inference.key_boundary": "보장의 경계 f(x)",
        "inference.key_region": "어떤 검정도 닿지 못하는 곳",
        "inference.key_unchanged": "변화 없음",
        "inference.key_allowed": "보장이 허락하는 사후 확률",
        "inference.key_edges": "그 범위의 양 끝",
        "inference.key_prior": "고른 사전 확률",
        "inference.key_best": "고른 거짓 양성률에서 가장 강한 검정",
        "inference.key_tests": "결정적 검정 하나",
        "inference.key_curve": "트레이드오프 곡선",
        "inference.desc_posterior": (
            "띠 그림: 가로축은 사전 확률, 세로축은 사후 확률. 띠는 지금의 보장이 허락하는 "
            "사후 확률의 범위이고, 점선 대각선은 관찰 전과 같은 값, 굵은 세로 막대는 고른 "
            "사전 확률에서의 범위."
        ),
        "inference.desc_tradeoff": (
            "선그림: 가로축은 제1종 오류, 세로축은 제2종 오류. 색 선은 메커니즘의 "
            "트레이드오프 곡선, 회색 영역은 (α, δ) 보장의 경계 아래(어떤 검정도 닿지 못하는 "
            "곳), 마름모는 고른 거짓 양성률에서 가장 강한 검정."
        ),
        "inference.lab_title": "추론 실험실: 관찰자는 무엇을 결론 내릴 수 있는가",
        "inference.group_mechanism": "메커니즘과 보장",
        "inference.group_observer": "관찰자",
        "inference.group_test": "관찰자의 검정",
        "inference.lab_mechanism": "메커니즘",
        "inference.lab_n": "사람 수 n",
        "inference.lab_p": "참 답을 보고할 확률 p",
        "inference.lab_scale": "라플라스 척도 b",
        "inference.lab_sigma": "가우스 표준편차 σ",
        "inference.lab_alpha": "계수 α = e^ε",
        "inference.lab_prior": "사전 확률 Pr[H]",
        "inference.lab_event": "관찰한 사건의 확률 Q(S)",
        "inference.lab_level": "거짓 양성률 x",
        "inference.guarantee_heading": "보장",
        "inference.observer_heading": "관찰자가 내릴 수 있는 결론",
        "inference.posterior_heading": "사전 확률마다 허락되는 사후 확률",
        "inference.tradeoff_heading": "트레이드오프 곡선과 (α, δ) 보장",
        "inference.band": "α = {alpha}, δ = {delta}, Q(S) = {q}",
        "inference.desc_bands": (
            "선그림: 가로축은 사전 확률, 세로축은 사후 확률. 경우마다 같은 색의 두 선 "
            "사이가 보장이 허락하는 사후 확률의 범위이고, 점선 대각선은 관찰 전과 같은 값."
        ),
        "inference.bands_caption": (
            "사전 확률마다 허락되는 사후 확률의 범위 [가장 작은 값, 가장 큰 값]"
        ),
        "inference.desc_curves": (
            "선그림: 가로축은 제1종 오류, 세로축은 제2종 오류. 선마다 한 메커니즘의 "
            "트레이드오프 곡선, 회색 영역은 보장의 경계 아래(어떤 검정도 닿지 못하는 곳)."
        ),
        "inference.curves_caption": "제1종 오류마다 가장 작은 제2종 오류",
        "inference.series_rr": "무작위 응답 n = {n}, p = {p}",
        "inference.series_laplace": "라플라스 μ = {mu}",
        "inference.series_gaussian": "가우스 μ = {mu}",
        "inference.series_bound": "경계 f (α = {alpha}, δ = {delta})",
        "inference.series_bound_approx": "경계 f (α = {alpha}, δ ≈ {delta})",
        "inference.reject": "기각하는 출력",
        "inference.tests_caption": "결정적 검정마다 두 오류",
        "inference.corners_caption": "가장 좋은 검정들의 꺾이는 점",
        "inference.bound_caption": "α = {alpha}, δ = 0인 보장의 경계",
        "inference.best_caption": "거짓 양성률 {level}에서 가장 강한 검정",
        "inference.walk_tests": (
            "점그림: 출력의 부분집합마다 그 위에서 H₀을 기각하는 결정적 검정 하나. 가로는 "
            "제1종 오류, 세로는 제2종 오류."
        ),
        "inference.walk_curve": (
            "점그림과 꺾은선: 결정적 검정들 가운데 아래쪽 볼록 껍질을 잇는 선이 트레이드오프 곡선."
        ),
        "inference.walk_bound": "같은 그림에 α-보장의 경계 아래 영역을 회색으로 더함.",
        "inference.walk_best": "꺾은선 위의 마름모: 고른 거짓 양성률에서 가장 강한 (무작위) 검정.",
        "inference.lab_live": "{posterior}. {power}.",
        "inference.lab_error": (
            "실험실 스크립트의 계산이 빌드 때 dplab이 쓴 값과 다릅니다. 이 실험실의 값을 "
            "믿지 마세요."
        ),
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
        "rr.normal": "δ의 정규 근사",
        "rr.exact": "정확한 값",
        "rr.walk_inputs": "① 바뀌는 것: 한 사람의 비트",
        "rr.walk_outputs": "② 공개되는 것: 두 출력 분포",
        "rr.walk_event": "③ 사건 하나만 검사하기",
        "rr.walk_pairs": "④ 모든 순서 있는 쌍의 필요한 δ",
        "rr.walk_person": "사람",
        "rr.walk_source_row": "D: c = {c}",
        "rr.walk_target_row": "D′: c = {c}",
        "rr.walk_event_text": "S = {event}: P(S) {ps}\nαQ(S) + δ {bound} → {verdict}",
        "rr.table_output": "y",
        "rr.table_p": "P(y)",
        "rr.table_q": "Q(y)",
        "rr.table_in_event": "S에 포함",
        "rr.table_changed": "비트가 바뀜",
        "rr.col_verdict_short": "판정",
        "rr.desc_walk_inputs": (
            "격자그림: 참 개수 {source}인 입력 D와 {target}인 인접 입력 D′의 비트. 굵은 테두리의 "
            "{person}번 사람만 비트가 다르다."
        ),
        "rr.desc_walk_outputs": (
            "막대그림: 보고된 1의 개수 0부터 {n}까지의 확률. P는 참 개수 {source}인 입력에서, "
            "Q는 {target}인 인접 입력에서."
        ),
        "rr.desc_walk_event": (
            "막대그림과 글: 점선 테두리의 사건 S = {event}에서 P(S) {ps}, αQ(S) + δ {bound}, "
            "판정 {verdict}."
        ),
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
        "rr.col_normal": "δ의 정규 근사",
        "rr.desc_pair": (
            "막대그림: 참 개수 {source}인 입력(P)과 {target}인 인접 입력(Q)에서 보고된 1의 개수 "
            "0부터 {n}까지의 확률. 점선 테두리는 사건 S = {event}."
        ),
        "rr.desc_pairs": (
            "막대그림: 순서 있는 인접 쌍 {count}개 각각의 필요한 δ와 주장한 δ = {delta}의 가로선. "
            "n = {n}, p = {p}, α = {alpha}."
        ),
        "rr.desc_profile": (
            "선그림: α = 1.0부터 10.0까지 0.1 간격의 점마다 정확히 계산한 필요한 최소 δ. 점을 "
            "잇는 선분은 눈을 돕는 안내선이며, 참 프로필은 볼록해서 점 사이에서 선분과 같거나 "
            "그보다 낮다. 가로축은 α = e^ε이다. 큰 점 하나가 주장 (α, δ) = ({alpha}, {delta}). "
            "n = {n}, p = {p}."
        ),
        "rr.desc_aggregation": (
            "선그림: α = 1에서 필요한 δ(총변동 거리)가 사람 수 n에 따라 줄어드는 모습, p = {ps}. "
            "n = 1은 한 사람이 자기 답만 무작위 응답으로 낸 경우이고, 점선은 최빈 확률을 정규 "
            "근사로 바꾼 δ의 근사 (2p−1)/√(2π(n−1)p(1−p))."
        ),
        "rr.lab_title": "무작위 응답 실험실",
        "rr.lab_mechanism": "메커니즘: 채널을 바꿉니다",
        "rr.lab_claim": "주장: 판정의 기준을 바꿉니다",
        "rr.lab_query": "조회: 살펴볼 쌍과 사건만 바꿉니다",
        "rr.lab_n": "사람 수 n",
        "rr.lab_p": "참으로 보고할 확률 p",
        "rr.lab_alpha": "주장한 α = e^ε",
        "rr.lab_epsilon": "ε = ln α ≈ {eps}",
        "rr.lab_delta": "주장한 δ (0 이상 1 이하의 수)",
        "rr.lab_delta_help": ("예: 0.05, 3/8, 1e-5. 적은 글자 그대로 정확한 유리수로 읽습니다."),
        "rr.lab_delta_invalid": (
            "0 이상 1 이하의 수로 적어 주세요(예: 0.05, 3/8, 1e-5). "
            "올바른 값이 들어올 때까지 판정을 보여 주지 않습니다."
        ),
        "rr.lab_delta_above": "δ는 1보다 클 수 없습니다(0 이상 1 이하).",
        "rr.lab_delta_refused": (
            "‘{typed}’: {reason} 올바른 값이 들어올 때까지 판정을 보여 주지 않습니다."
        ),
        "rr.lab_pair": "살펴볼 순서 있는 인접 쌍 c → c′ (막대를 눌러도 고릅니다)",
        "rr.lab_pair_clamped": "n을 넘는 쌍을 골라서 {pair}로 맞췄습니다(고른 쌍: {requested}).",
        "rr.lab_bits": "사건 S에 넣을 출력",
        "rr.lab_event_set": "S = {event}",
        "rr.lab_event_ignored": "n보다 큰 출력은 뺐습니다: {ignored}.",
        "rr.lab_chip_cert": "전체 인증",
        "rr.lab_chip_event": "사건 검사",
        "rr.lab_chip_place": "쌍 {pair}, S = {event}",
        "rr.lab_state_pair": "쌍 {pair}",
        "rr.lab_live": "사건 하나의 검사: {event}. 전체 인증: {certificate}. {required}.",
        "rr.lab_query_heading": "선택한 쌍의 두 출력 분포와 사건 S",
        "rr.lab_pair_text": "출발 입력의 참 개수 c = {source}, 인접 입력의 참 개수 c′ = {target}",
        "rr.lab_event_values": "P(S) {ps}, Q(S) {qs}, αQ(S) + δ {bound}",
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
        "rr.lab_worst": "최댓값을 내는 곳: {places}",
        "rr.lab_place": "쌍 {pair}의 사건 {event}",
        "rr.lab_worst_zero": "필요한 δ가 0이어서 모든 쌍이 최댓값 0을 냅니다(사건 ∅).",
        "rr.lab_profile_heading": "프라이버시 프로필: α마다 필요한 최소 δ",
        "rr.lab_profile_note": (
            "점은 α = 1.0, 1.1, …, 10.0에서 정확히 계산한 값이고, 점을 잇는 선분은 눈을 돕는 "
            "안내선입니다. 참 프로필은 볼록해서 점 사이에서는 선분과 같거나 그보다 낮습니다."
        ),
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
        # Lesson 4: Gaussian (dplab/views/gaussian.py, gaussian-lab.js)
        "gauss.kind_sum": "합",
        "gauss.kind_mean": "평균",
        "gauss.kind_count": "개수",
        "gauss.kind_constant": "상수",
        "gauss.def_sum": "f(D) = x₁ + … + xₙ",
        "gauss.def_mean": "f(D) = (x₁ + … + xₙ) / n",
        "gauss.def_count": "f(D) = B/2 이상인 기록의 수",
        "gauss.def_constant": "f(D) = 0 (입력과 무관)",
        "gauss.unit_sum": "합의 단위",
        "gauss.unit_mean": "평균의 단위",
        "gauss.unit_count": "단위: 명",
        "gauss.unit_constant": "상수의 단위",
        "gauss.unit2_sum": "합의 단위의 제곱",
        "gauss.unit2_mean": "평균의 단위의 제곱",
        "gauss.unit2_count": "단위: 명²",
        "gauss.unit2_constant": "상수의 단위의 제곱",
        "gauss.output_axis": "출력 y (두 중심의 가운데를 0으로)",
        "gauss.density_axis": "확률밀도",
        "gauss.law_p": "p: D의 출력 분포",
        "gauss.law_q": "q: D′의 출력 분포",
        "gauss.excess": "p − e^ε·q (넓이가 δ)",
        "gauss.event": "최악 사건",
        "gauss.eps_axis": "ε (가로축은 ε 자체)",
        "gauss.log_axis": "log10 δ(ε) (상용로그)",
        "gauss.profile": "필요한 δ(ε)",
        "gauss.claim_line": "주장한 δ",
        "gauss.point": "지금의 ε",
        "gauss.loss": "L(y) = ln p(y)/q(y)",
        "gauss.loss_axis": "프라이버시 손실 L(y)",
        "gauss.eps_line": "L = ε = {eps}",
        "gauss.table_p": "p(y)",
        "gauss.table_q": "q(y)",
        "gauss.table_scaled_q": "e^ε·q(y)",
        "gauss.desc_walk_densities": (
            "선그림: Δ = {sensitivity}, σ = {sigma}인 두 인접 입력의 가우스 출력 밀도 p와 q(두 "
            "중심의 가운데를 0으로 옮김)."
        ),
        "gauss.desc_walk_loss": (
            "선그림 두 칸: 위는 두 출력 밀도, 아래는 프라이버시 손실 L(y). 손실은 왼쪽으로 갈수록 "
            "끝없이 커지는 직선."
        ),
        "gauss.desc_walk_event": (
            "선그림 두 칸: 손실이 ε = {eps}를 넘는 반직선 y < {edge}(회색)을 두 칸에 표시."
        ),
        "gauss.desc_walk_excess": (
            "선그림: 반직선 y < {edge} 위에서 p가 e^ε·q를 넘는 부분(색칠), 넓이 δ(ε) ≈ {delta}."
        ),
        "gauss.walk_densities": "두 출력 분포와 최악 사건",
        "gauss.walk_loss": "프라이버시 손실: 기울어진 직선",
        "gauss.lab_desc_density": (
            "선그림: 최악의 인접 쌍의 가우스 출력 밀도 p = N(−Δ/2, σ²)와 q = N(Δ/2, σ²). 회색 "
            "영역은 최악 사건 y < t, 색칠한 띠는 그 위에서 p가 e^ε·q를 넘는 부분. "
            "실험실의 조절기를 움직이면 다시 그려진다."
        ),
        "gauss.lab_desc_profile": (
            "선그림: ε = 0부터 10까지 필요한 δ(ε)의 상용로그. 점선 가로선은 주장한 δ, 마름모는 "
            "지금의 ε. 실험실의 조절기를 움직이면 다시 그려진다."
        ),
        "gauss.lab_title": "가우스 실험실: 조절기 하나가 세 패널을 함께 움직입니다",
        "gauss.lab_query_group": "질의",
        "gauss.lab_mechanism_group": "잡음과 주장",
        "gauss.lab_kind": "질의 종류",
        "gauss.lab_n": "기록 수 n (공개)",
        "gauss.lab_bound": "값의 상한 B",
        "gauss.lab_sigma": "잡음의 표준편차 σ",
        "gauss.lab_eps": "ε",
        "gauss.lab_claim": "주장한 δ",
        "gauss.lab_presets": "본문의 예로 옮기기",
        "gauss.preset_sum": "예 1: 합",
        "gauss.preset_mean": "예 2: 평균",
        "gauss.preset_underflow": "예 3: 언더플로",
        "gauss.preset_zero": "ε = 0",
        "gauss.panel_heading": "인증 패널",
        "gauss.density_heading": "최악의 인접 쌍의 출력 밀도",
        "gauss.profile_heading": "ε마다 필요한 δ와 주장한 δ",
        "gauss.panel_query": "질의",
        "gauss.panel_pair": "Δ를 달성하는 인접 쌍",
        "gauss.panel_sensitivity": "민감도 Δ",
        "gauss.panel_delta": "필요한 δ(ε)",
        "gauss.panel_log": "log₁₀ δ(ε)",
        "gauss.panel_underflow": "언더플로",
        "gauss.panel_claim": "주장한 δ",
        "gauss.panel_verdict": "판정",
        "gauss.panel_mse": "평균제곱오차 σ²",
        "gauss.panel_mae": "평균 절대 오차 σ√(2/π)",
        "gauss.pair_text": "D = {dataset}, D′ = {neighbour}: f(D) = {before}, f(D′) = {after}",
        "gauss.delta_zero": "0 (정확히: Δ = 0이면 두 출력 분포가 같습니다)",
        "gauss.delta_underflow": "≈ {value}: 0보다 크고, 가장 작은 정규 배정밀도 수보다 작습니다",
        "gauss.log_minus_inf": "−∞ (δ = 0)",
        "gauss.underflow_yes": (
            "예: δ가 가장 작은 정규 배정밀도 수보다 작습니다. 0이 아니므로 로그로 보여 줍니다."
        ),
        "gauss.underflow_no": "아니오",
        "gauss.badge_pass": "✓ 통과",
        "gauss.badge_fail": "✗ 실패",
        "gauss.badge_undecided": "? 판정 보류",
        "gauss.verdict_pass": "δ(ε) ≤ {claim}: 주장이 성립합니다.",
        "gauss.verdict_fail": "δ(ε) > {claim}: 주장이 성립하지 않습니다.",
        "gauss.verdict_undecided": "최대 정밀도에서도 δ(ε)와 {claim}을 가르지 못했습니다.",
        "gauss.with_unit": "{value} ({unit})",
        "gauss.certified_note": (
            "판정은 화면의 근삿값으로 내리지 않습니다. 빌드 때 공 산술(Arb)로 구한 δ(ε)의 엄밀한 "
            "구간을 정확한 십진 입력의 주장과 비교한 결과입니다."
        ),
        "gauss.edge": "최악 사건(가운데를 0으로 옮긴 좌표): y < −εσ²/Δ ≈ {edge}",
        "gauss.edge_none": "최악 사건: 없음 (손실이 어디서나 0)",
        "gauss.note_same": "Δ = 0: 두 밀도가 겹치고 손실은 어디서나 0이며 δ = 0입니다.",
        "gauss.note_edge_outside": (
            "사건의 경계가 그림 창의 왼쪽 밖에 있어 사건이 보이지 않습니다. 그래도 꼬리는 남아 "
            "있고 δ > 0입니다."
        ),
        "gauss.note_profile_same": "Δ = 0: 모든 ε에서 δ = 0이라 로그 눈금에 그릴 곡선이 없습니다.",
        "gauss.note_claim_zero": "주장 δ = 0: log₁₀ 0 = −∞라 주장의 가로선을 그릴 수 없습니다.",
        "gauss.lab_live": "필요한 δ {delta}. 주장 δ = {claim}: {badge}.",
        "gauss.col_exact_sigma": "정확한 최소 σ",
        "gauss.col_classic_sigma": "고전 상계 σ",
        "gauss.col_classic_delta": "고전 σ의 실제 δ",
        "gauss.classic_na": "적용 불가",
        # User-level metric DP, d_EM (dplab/views/emd_lab.py, emd-lab.js, views/metric.py)
        "emd.lab_title": "d_EM 실험실: 두 데이터셋의 최적 매칭",
        "emd.lab_group_a": "사용자 데이터 K",
        "emd.lab_group_b": "이웃 데이터 K′",
        "emd.lab_size_a": "K의 항목 수 m",
        "emd.lab_size_b": "K′의 항목 수 m′",
        "emd.lab_item_a1": "항목 1의 위치",
        "emd.lab_item_a2": "항목 2의 위치",
        "emd.lab_item_a3": "항목 3의 위치",
        "emd.lab_item_a4": "항목 4의 위치",
        "emd.lab_item_b1": "항목 1의 위치",
        "emd.lab_item_b2": "항목 2의 위치",
        "emd.lab_item_b3": "항목 3의 위치",
        "emd.lab_item_b4": "항목 4의 위치",
        "emd.lab_picture_heading": "최적 매칭",
        "emd.lab_value_heading": "거리 d_EM",
        "emd.lab_picture": (
            "위 줄은 K의 항목, 아래 줄은 K′의 항목입니다. 선은 최적 결합이 옮기는 질량이고, "
            "선 위의 수가 그 질량입니다."
        ),
        "emd.lab_datasets": "K = {a} (m = {m}), K′ = {b} (m′ = {m2})",
        "emd.lab_distance": "d_EM(K, K′) = {value}",
        "emd.lab_rule_equal": (
            "크기가 같으므로(m = m′ = {m}) d_EM = (최소 비용 완전 매칭의 비용) ÷ m = {cost} ÷ {m} "
            "= {value}."
        ),
        "emd.lab_rule_unequal": (
            "크기가 다르므로(m = {m}, m′ = {m2}) K의 각 항목을 {copies_a}개로, K′의 각 항목을 "
            "{copies_b}개로 복제해 양쪽을 L = {units}개로 맞춥니다. d_EM = (최소 비용 완전 매칭의 "
            "비용) ÷ L = {cost} ÷ {units} = {value}."
        ),
        "emd.lab_flow": "{source} → {target}: 질량 {mass}, 거리 {distance}",
        "emd.lab_flow_sep": "; ",
        "emd.lab_sum": "Σ 질량 × 거리 = {terms} = {value}",
        "emd.lab_cdf": "누적분포함수로 따로 계산한 ∫ |F_K − F_K′| dt = {value} (같은 값)",
        "emd.lab_live": "{datasets}: {distance}",
        "emd.col_sorted": "정렬 매칭의 비용",
        "emd.col_cdf": "∫ |F_K − F_K′| dt",
        "emd.col_solver": "일반 풀이(거리 행렬, 쌍대 인증)",
        "emd.cdf_of": "{name}의 누적분포함수",
        "emd.key_gap": "두 계단 사이 (넓이 d_EM)",
        "emd.cdf_axis": "누적 비율 F(t)",
        "emd.location": "위치 t",
        "emd.cdf_table": "구간마다 |F_K − F_K′| × 길이 (합 = {total})",
        "emd.col_interval": "구간",
        "emd.col_share": "넓이",
        "emd.desc_cdf": (
            "K = {a}와 K′ = {b}의 경험적 누적분포함수를 계단으로 그리고, 두 계단 사이를 회색으로 "
            "칠했습니다. 회색의 넓이가 d_EM = {total}입니다."
        ),
        "emd.col_factor": "단위 거리당 인수",
        "emd.col_passes": "모든 x, x′, y에서 성립",
        "emd.col_worst": "비가 가장 큰 곳",
        "emd.col_tightest": "필요한 가장 작은 인수",
        "emd.col_datasets": "데이터셋 수",
        "emd.col_pairs": "순서쌍 수",
        "emd.col_naive": "d_EM 단위당 인수 α₀^m",
        "emd.col_pure": "α₀^m에서 순수 성립",
        "emd.col_attained": "등호 달성",
        "emd.col_tightness": "최대 ln(P/Q) ÷ (d_EM · ln α₀^m)",
        "emd.col_smaller": "α₀^m × {factor}에서 순수 성립",
        "emd.lab_error": (
            "이 실험실의 스크립트가 계산한 값이 사이트를 만들 때 dplab이 계산한 값과 다릅니다. "
            "쪽을 다시 불러오세요."
        ),
        # PrivEMDLinear (dplab/views/linear_lab.py, linear-lab.js)
        "linear.lab_title": (
            "PrivEMDLinear 실험실: d_EM-차분 프라이버시와 사용자 수준 기준선의 오차"
        ),
        "linear.lab_group_privacy": "프라이버시",
        "linear.lab_group_query": "질의와 사용자",
        "linear.lab_eps": "d_EM 단위당 ε",
        "linear.lab_user": "기준선의 사용자 수준 ε_user",
        "linear.lab_diam": "항목 공간의 지름 diam(X)",
        "linear.lab_l": "f의 립시츠 상수 l",
        "linear.lab_d": "f의 차원 k",
        "linear.lab_n": "사용자 수 n (중앙 모형)",
        "linear.lab_compare_heading": "어느 쪽이 더 정확한가",
        "linear.lab_local_heading": "지역 모형: 한 사용자의 공개값의 기대 오차 E‖잡음‖₂",
        "linear.lab_central_heading": "중앙 모형: n명의 평균을 공개할 때의 기대 오차",
        "linear.lab_scales": "잡음의 척도: d_EM-DP l/ε = {ours}, 기준선 l·diam/ε_user = {base}",
        "linear.lab_local_ours": "d_EM-DP: k·l/ε = {value}",
        "linear.lab_local_base": "사용자 수준: k·l·diam/ε_user = {value}",
        "linear.lab_central_ours": "d_EM-DP: k·l/(ε·n) = {value}",
        "linear.lab_central_base": "사용자 수준: k·l·diam/(ε_user·n) = {value}",
        "linear.lab_ratio": "오차의 비(d_EM-DP ÷ 사용자 수준) = ε_user/(ε·diam) = {value}",
        "linear.lab_verdict_ours": "d_EM-DP가 더 정확",
        "linear.lab_verdict_tie": "두 오차가 같음",
        "linear.lab_verdict_base": "사용자 수준이 더 정확",
        "linear.lab_crossover": (
            "교차점: ε = ε_user/diam = {value}. ε가 이보다 크면 d_EM-DP가 더 정확하고, "
            "작으면 사용자 수준 기준선이 더 정확합니다."
        ),
        "linear.lab_far": (
            "가장 먼 두 데이터셋(d_EM = diam)에 허용되는 계수: d_EM-DP는 e^(ε·diam) = e^{far}, "
            "사용자 수준은 e^{user}."
        ),
        "linear.lab_radius": (
            "d_EM ≤ ε_user/ε = {value}인 두 데이터셋은 d_EM-DP에서도 사용자 수준 기준선만큼 "
            "또는 더 강하게 보호됩니다."
        ),
        "linear.lab_live": "{verdict}. {ratio}",
        "linear.lab_error": (
            "이 실험실의 스크립트가 계산한 값이 사이트를 만들 때 dplab이 계산한 값과 다릅니다. "
            "쪽을 다시 불러오세요."
        ),
        "linear.series_ours": "PrivEMDLinear (d_EM-DP, ε)",
        "linear.series_base": "사용자 수준 기준선 (ε_user)",
        "linear.eps_axis": "d_EM 단위당 ε (로그 눈금)",
        "linear.error_axis": "기대 오차 E‖잡음‖₂ (로그 눈금)",
        "linear.crossover_mark": "교차점 ε = ε_user/diam",
        "linear.crossover_table": "중앙 모형의 기대 오차 (교차점 ε = {crossover})",
        "linear.desc_crossover": (
            "중앙 모형에서 k = {d}, l = {l}, n = {n}, diam = {diam}일 때 PrivEMDLinear의 "
            "기대 오차는 ε가 커질수록 줄어드는 직선(로그 눈금)이고, ε_user = {user}인 "
            "사용자 수준 기준선은 수평선입니다. 두 선은 ε = {crossover}에서 만납니다."
        ),
        "linear.col_reports": "보고 수 N = n·m",
        "linear.col_krr": "k-RR의 총 제곱 오차",
        "linear.col_naive": "순수 보장의 d_EM 단위당 계수 α^m",
        "linear.col_user_eps": "같은 최악 계수의 ε_user = m·ln α",
        "linear.col_base": "기준선의 총 제곱 오차",
        "linear.col_ratio": "k-RR ÷ 기준선",
        "linear.col_formula": "식 E‖잡음‖₂ = k·b",
        "linear.col_sample_mean": "표본 평균",
        "linear.col_z": "차이 ÷ 표준 오차",
        "linear.col_formula2": "식 E‖잡음‖₂² = k(k + 1)·b²",
        "linear.col_sample_mean2": "표본 평균 (제곱)",
        # PrivEMDItemWise, shuffling at scale, sampling (dplab/views/itemwise.py)
        "item.shuffled": "섞어서 공개(모임)",
        "item.ordered": "정렬한 입력 순서로 공개",
        "item.bound": "이 강의가 유도한 상계",
        "item.col_ratio_shuffled": "최대 P/Q, 섞음",
        "item.col_ratio_ordered": "최대 P/Q, 순서대로",
        "item.col_delta_shuffled": "α = {factor}에서 필요한 δ, 섞음",
        "item.col_delta_ordered": "α = {factor}에서 필요한 δ, 순서대로",
        "item.m_select": "항목 수 m",
        "item.eps_axis": "ε (계수 α = e^ε)",
        "item.m_axis": "항목 수 m (로그 축)",
        "item.log_delta_axis": "log₁₀ δ (≈)",
        "item.desc_curves": (
            "비트 m개 가운데 절반이 1인 데이터와, 그중 1 {flipped}개를 0으로 바꾼 데이터를 "
            "비트마다 ε₀ = {epsilon0}의 무작위 응답으로 공개할 때 필요한 δ(ε)를 로그 축으로 "
            "그렸습니다. 출력을 섞어 모임으로 공개한 것과 입력 순서대로 공개한 것의 정확한 "
            "값이고, 고르는 칸으로 m을 바꿉니다(m = {ms}). δ가 0이거나 e^−580 아래인 점은 "
            "그리지 않았습니다."
        ),
        "item.desc_scale": (
            "ε = {eps}에서 필요한 δ를 항목 수 m에 따라 그렸습니다(가로축은 로그). 절반이 1인 "
            "비트 m개 가운데 1 {flipped}개가 0으로 바뀌고, 비트마다 ε₀ = {epsilon0}의 무작위 "
            "응답을 씁니다. 섞은 공개와 순서대로 공개의 정확한 값, 그리고 이 강의가 유도한 "
            "상계가 무언가를 보장하는 m에서의 상계입니다."
        ),
        "item.scale_table": (
            "log₁₀ δ (≈, 소수 둘째 자리), —: 값이 없음(유도한 상계가 δ ≤ 1밖에 못 줌)"
        ),
        "item.col_hoeffding": "δ = e^(−2st²)",
        "item.col_violations": "(α^(d_EM + t), δ) 위반 쌍",
        "item.col_holds": "모든 쌍과 사건에서 성립",
        "item.col_release_factor": "d_EM 단위당 계수 α",
        "item.col_log_factor": "ln α (같은 계수)",
        "item.col_largest_log_ratio": "가장 큰 ln(P/Q) ÷ d_EM",
        "item.col_pure_bound": "유도한 순수 상계 α(α − 1)",
        "item.col_same_factor_violations": "같은 계수 α^d_EM 위반 쌍",
        "item.col_pure_bound_violations": "1 + α(α − 1)·d_EM 위반 쌍",
    },
    "en": {
        "nav.home": "Home",
        "code.fold": "Show code",
        "notebook.download": "Download this lesson as a notebook (.ipynb)",
        "notebook.view": "View as a notebook",
        "notebook.page_title": "Notebook",
        "notebook.package_download": "Download the dplab package (.whl)",
        "notebook.install": (
            "**To run this notebook.** Its code imports the `dplab` package, which the site "
            "serves beside the notebooks. Download [{wheel}]({wheel}) into the folder of this "
            "notebook and run `pip install {wheel}` there (in the notebook: "
            "`%pip install {wheel}`). Python {python} or later is needed. The file itself "
            "installs offline; pip fetches from PyPI whichever of the packages it uses "
            "({dependencies}) are missing. With no network, install it with "
            "`pip install --no-index {wheel}` into an environment that already has them. "
            "The first code cell (`dplab.views.enable()`) sets Altair to show charts the "
            "course's way (its renderer and theme); importing the `dplab` package alone "
            "changes no Altair setting, so run that cell before the others."
        ),
        "notebook.lab_live": (
            "You can operate this lab on the site: {link}. The notebook holds only its "
            "initial state, below."
        ),
        "notebook.grader_live": (
            "On the site you can type your answer and have it graded exactly: {link}. The "
            "solution has the answer."
        ),
        "catalog.heading": "Lessons",
        "catalog.prerequisites": "Good to know first",
        "catalog.none": "none",
        "bundle.download": "Download the whole course as one file ({file})",
        "bundle.inside": "You are reading the offline bundle that holds the whole course.",
        "chart.export_svg": "Save as SVG",
        "chart.export_png": "Save as PNG",
        "chart.menu": "Chart menu",
        "page.scroll_hint": "Scroll sideways to see the rest →",
        "chart.table_show": "Show the data as a table",
        "chart.table_hide": "Hide the table",
        "chart.table_rows": "first {shown} rows (of {total})",
        "lab.step_down": "{name}: one step down",
        "lab.step_up": "{name}: one step up",
        "lab.typed_label": "type a value",
        "lab.typed_refused": "‘{typed}’: {reason} Values this control takes: {values}.",
        "lab.typed_off_grid": "This control does not take that value.",
        "lab.typed_negative": "Negative numbers are not allowed.",
        "lab.typed_probability": "A probability must lie between 0 and 1.",
        "lab.typed_range": "The allowed range is {low} to {high}.",
        "number.empty": "Nothing is typed.",
        "number.not_number": "This is not a number (e.g. 3/4, 0.75, 1e-3, 1,000).",
        "number.comma": (
            "Commas only separate groups of three digits (1,000); "
            "write the decimal point as ‘.’ (0.9)."
        ),
        "number.zero_denominator": "The denominator is 0.",
        "number.exponent": "Only exponents from −1000 to 1000 are read.",
        "number.too_long": "Only texts up to 200 characters are read.",
        "lab.typed_near": "Nearest values: {values}.",
        "lab.link_refused": "The link's values the lab cannot take were left out: {values}",
        "lab.chip_label": "Verdict for the current state",
        "lab.permalink": "Link to this state (share, bookmark)",
        "lab.open": "Open in the lab",
        "lab.try": "Try it in the lab",
        "lab.try_state": "In the lab: {state}",
        "comp.method_exact": "exact",
        "comp.method_optimal": "optimal composition (KOV)",
        "comp.method_advanced": "advanced composition (DRV)",
        "comp.method_basic": "basic composition",
        "comp.claim_line": "claimed δ",
        "comp.point": "current A",
        "comp.factor_axis": "total factor A = e^ε (log scale)",
        "comp.delta_axis": "required δ",
        "comp.eps_axis": "total ε",
        "comp.loss_axis": "privacy loss L",
        "comp.mass_axis": "probability P(L)",
        "comp.k_select": "releases k",
        "comp.col_copies": "δ of k copies (at A = α)",
        "comp.col_fresh": "δ of k fresh releases (at A = α)",
        "comp.col_fresh_basic": "δ of k fresh releases (at A = αᵏ)",
        "comp.col_outputs": "outputs of k releases",
        "comp.col_ratio": "optimal / exact",
        "comp.walk_counts": "L > ln A: counts in δ",
        "comp.walk_free": "L ≤ ln A",
        "comp.walk_line": "the line L = ln A",
        "comp.walk_title": "k = {k}: δ {delta}",
        "comp.walk_table": "the loss law of k = {k} releases",
        "comp.walk_share": "share of δ P(L)(1 − A e^(−L))₊",
        "comp.desc_walk": (
            "The privacy loss of {k} fresh releases of one person's randomized response "
            "(p = {p}). The dashed line is ln A (A = {factor}); the losses above it make "
            "δ = {delta}."
        ),
        "comp.desc_bounds": (
            "The δ required at each total factor A by {k} releases of the count channel with "
            "n = {n}, p = {p}: exact, optimal, advanced and basic composition."
        ),
        "comp.desc_gauss": (
            "The δ required at each total ε by k releases of a Gaussian mechanism with "
            "sensitivity {sensitivity} and σ = {sigma}: exact, and the bounds of the three "
            "composition theorems; k can be chosen."
        ),
        "comp.lab_title": "Composition lab: k releases counted four ways",
        "comp.lab_channel_group": "The channel released",
        "comp.lab_claim_group": "The claim (A, δ)",
        "comp.lab_n": "people n",
        "comp.lab_p": "probability p of a true report",
        "comp.lab_k": "releases k",
        "comp.lab_factor": "total factor A",
        "comp.lab_claim": "claimed δ",
        "comp.lab_eps": "ε = ln A ≈ {value}",
        "comp.lab_pure": "pure factor of one release α* = p/(1−p) = {alpha} (ε ≈ {eps})",
        "comp.lab_values_heading": "δ required at A",
        "comp.lab_curves_heading": "δ required at each A",
        "comp.lab_verdict": "verdict on the claim",
        "comp.lab_note": (
            "Every δ is computed from exact fractions and shown rounded. The verdict and the "
            "'proves' marks compare the exact fractions, not the rounded values, with the "
            "claim. The three theorems count each release as (α*, 0)-DP and give upper "
            "bounds; a value of 1 means the theorem certifies nothing."
        ),
        "comp.lab_desc": (
            "For the chosen n, p and k: the δ required at each total factor A counted four "
            "ways, the claimed δ as a horizontal line, and the exact value at the current A."
        ),
        "comp.badge_pass": "✓ holds",
        "comp.badge_fail": "✗ does not hold",
        "comp.verdict_pass": "exact δ ≤ {claim}: the k releases satisfy the claim.",
        "comp.verdict_fail": "exact δ > {claim}: the k releases do not satisfy the claim.",
        "comp.proves": "proves the claim",
        "comp.proves_not": "does not prove the claim",
        "comp.lab_live": "Exact δ {exact}. Claim δ = {claim}: {badge}.",
        "chart.table_approx": "Decimals are rounded to 4 significant digits.",
        "chart.series": "curve",
        "chart.distribution": "distribution",
        "chart.mark": "mark",
        "table.yes": "yes",
        "table.no": "no",
        "lesson.unit": "Unit {order}",
        "lesson.reading_time": "reading about {minutes} min",
        "lesson.working_time": "working through about {minutes} min",
        "lesson.exercise_time": "{exercises} exercises about {minutes} min",
        "lesson.time_how": "how these times are counted",
        "lesson.previous": "Previous lesson",
        "lesson.next": "Next lesson",
        "lesson.navigation": "Lesson navigation",
        "references.title": "References",
        "references.intro": (
            "Every source the lessons cite, each listed once. A short citation in a lesson "
            "(authors and year) leads here; the links under a source lead back to where it "
            "is cited."
        ),
        "references.none": "No source is cited yet.",
        "references.cited_in": "Cited in:",
        "references.occurrence": "citation {number}",
        "callout.definition": "Definition",
        "callout.theorem": "Theorem",
        "callout.scope": "Scope of this result",
        "callout.misreading": "Common misreading",
        "callout.note": "Note",
        "callout.implementation": "Implementation note",
        "exercise.title": "Exercise {number}",
        "exercise.solution": "Show the solution",
        "exercise.solution_heading": "Solution of exercise {number}",
        "exercise.try": "Try it yourself: write code in this cell to find the answer.",
        "quiz.title": "Check your understanding",
        "quiz.question": "Question {number}",
        "quiz.correct": "Correct.",
        "quiz.wrong": "Not this one. Read its explanation and the hint, then choose again.",
        "quiz.revealed": "The answer is shown. A question whose answer you saw does not score.",
        "quiz.answer": "answer",
        "quiz.hint": "Hint",
        "quiz.reveal": "Show the answer",
        "quiz.section": "Section",
        "quiz.how": (
            "A choice is graded at once. A wrong one shows its explanation and a hint, and you "
            "can choose again. The answer appears only when you ask for it. Only each "
            "question's first answer scores."
        ),
        "quiz.score": (
            "Right at the first answer: {first} / {total}. A question answered right on a "
            "later try, or whose answer was shown, does not count."
        ),
        "quiz.done": (
            "Every question was right at the first answer, so the course map marks this "
            "lesson as learned."
        ),
        "quiz.restart": "Start again",
        "quiz.clear": "Forget the kept score",
        "quiz.saved": (
            "This browser (localStorage) keeps only whether each question's first answer was "
            "right. Your choices are not kept, so the quiz opens empty, but answering again "
            "does not change the kept first answers. The lesson is learned only when every "
            "question's first answer was right, without showing the answer. “Forget the kept "
            "score” deletes this record; the answers after it are first answers again."
        ),
        "quiz.explanations": "Answers and explanations",
        "grader.title": "An exercise graded exactly",
        "grader.static": (
            "This exercise is graded by JavaScript on the site's page. The solution has the answer."
        ),
        "grader.mismatch": (
            "The grader's arithmetic disagrees with the build's exact result. Do not trust it; "
            "please report it."
        ),
        "grader.claim": (
            "Claim: P(S) ≤ α·Q(S) + δ for every ordered adjacent pair and every event S, with "
            "α = e^ε = {alpha}, δ = {delta}."
        ),
        "grader.answer": "Answer",
        "grader.holds": "The claim holds",
        "grader.breaks": "A pair and an event break the claim",
        "grader.pair": "Ordered pair (source → neighbour)",
        "grader.event": "Event S (outputs separated by commas, e.g. {example})",
        "grader.grade": "Grade",
        "grader.reveal": "Show the answer",
        "grader.own": "Test a claim of your own",
        "grader.alpha": "α = e^ε (fraction or decimal)",
        "grader.delta": "δ (fraction or decimal)",
        "grader.delta_at": "The smallest δ at α = {alpha} (fraction or decimal)",
        "grader.check": "Check",
        "grader.choose": "Choose an answer first.",
        "grader.bad_number": "“{text}”: {reason}",
        "grader.bad_alpha": "α must be at least 1 (α = e^ε, ε ≥ 0).",
        "grader.bad_delta": "δ must be between 0 and 1.",
        "grader.bad_event": "“{text}” is not an output. The outputs are {outputs}.",
        "grader.right_holds": (
            "Correct. The smallest δ needed is {required}, so δ = {delta} suffices."
        ),
        "grader.wrong_holds": "No. This claim breaks.",
        "grader.search": (
            "Find a pair and an event that break it and enter them. On one pair, the event "
            "that makes P(S) − α·Q(S) largest gathers every output y with P(y) > α·Q(y)."
        ),
        "grader.right_breaks": "Correct. This pair and event break the claim.",
        "grader.no_break": (
            "This event does not break it: P(S) − α·Q(S) = {excess} ≤ δ = {delta}. Look for "
            "outputs y with P(y) > α·Q(y)."
        ),
        "grader.holds_instead": (
            "No. This claim holds. On this event P(S) − α·Q(S) = {excess} ≤ δ = {delta}, and on "
            "no other pair and event does P(S) − α·Q(S) exceed δ either."
        ),
        "grader.solution_breaks": "Answer: this claim breaks.",
        "grader.solution_holds": (
            "Answer: this claim holds. The smallest δ needed is {required} ≤ {delta}, so no "
            "pair and event break it."
        ),
        "grader.solution_delta": (
            "Answer: δ = {required}. On pair {pair} and the event S = {event}, P(S) = {ps} and "
            "Q(S) = {qs}; this P(S) − α·Q(S) is the largest over every pair and event."
        ),
        "grader.breaking": (
            "Where it breaks: pair {pair}, event S = {event}. P(S) = {ps}, Q(S) = {qs}, P(S) − "
            "α·Q(S) = {excess} > δ = {delta}."
        ),
        "grader.own_holds": (
            "Holds: over every pair and event the δ needed is {required}, and {required} ≤ {delta}."
        ),
        "grader.own_fails": "Breaks: the smallest δ needed is {required}.",
        "grader.own_hidden": (
            "The pair and event that break it are shown once the exercise above is answered "
            "right or its answer shown."
        ),
        "grader.delta_right": (
            "Correct. δ = {required}, reached by pair {pair} on the event S = {event}."
        ),
        "grader.delta_small": (
            "Too small. With this δ the claim breaks. For each pair, add P(y) − α·Q(y) over the "
            "outputs y with P(y) > α·Q(y), and find the pair with the largest sum."
        ),
        "grader.delta_large": (
            "The claim holds with this δ, but it is not the smallest. Check whether a smaller "
            "δ works."
        ),
        "walkthrough.previous": "Previous step",
        "walkthrough.next": "Next step",
        "walkthrough.step": "Step {number}",
        "walkthrough.steps": "Steps",
        "walkthrough.live": "Step {number} of {total}: {title}",
        "map.title": "Course map",
        "notation.title": "Notation and terms",
        "notation.button": "Notation",
        "notation.open": "Show the notation and terms",
        "notation.close": "Close",
        "map.learned": "learned",
        "map.not_learned": "not yet",
        "map.progress": "Lessons learned in this browser: {learned} / {total}",
        "map.node_title": "{order}. {title}",
        "map.list_title": "The lessons in order and the lessons each one needs",
        "map.needs": "Read first",
        "map.list_caption": (
            "The lessons to read first always have smaller numbers. A ✓ and a green bar mark "
            "the lessons learned in this browser."
        ),
        "map.goals": "After this lesson you can",
        "map.time": "Time",
        "laplace.output": "output y",
        "laplace.density": "density",
        "laplace.loss": "privacy loss L(y)",
        "laplace.input": "input",
        "laplace.scale": "scale b",
        "laplace.col_max_loss": "largest L(y) for {low} ≤ y ≤ {high}",
        "laplace.neighbour": "neighbour",
        "laplace.desc_slider": (
            "Two line charts: the Laplace output densities of the worst neighbouring pair with "
            "sensitivity Δ = {sensitivity} (top) and their privacy loss L(y) (bottom), redrawn "
            "for the scale b chosen with the slider."
        ),
        "laplace.table_density": "density of {who}",
        "laplace.desc_walk_1": (
            "Line chart: the Laplace output density of the input with f(D) = 0, scale b = {scale}."
        ),
        "laplace.desc_walk_2": (
            "Line chart: the output densities of both inputs; the neighbour's is shifted by "
            "{sensitivity}."
        ),
        "laplace.desc_walk_3": (
            "Line chart: both output densities and the outputs y ≤ 0 (grey) where the loss is "
            "largest, Δ/b."
        ),
        "laplace.desc_walk_4": (
            "Line chart: both output densities, the neighbour's times e^ε (dashed, ε = {eps}) "
            "and the part above it (grey), of area δ(ε) ≈ {delta}."
        ),
        # Lesson 3: Laplace (dplab/views/laplace.py, laplace_lab.py, laplace-lab.js)
        "laplace.kind_sum": "sum",
        "laplace.kind_mean": "mean",
        "laplace.kind_count": "count",
        "laplace.kind_constant": "constant",
        "laplace.def_sum": "f(D) = x₁ + … + xₙ",
        "laplace.def_mean": "f(D) = (x₁ + … + xₙ) / n",
        "laplace.def_count": "f(D) = #{{i : xᵢ ≥ {threshold}}}",
        "laplace.def_constant": "f(D) = {constant}",
        "laplace.col_query": "query",
        "laplace.col_definition": "definition",
        "laplace.col_sensitivity": "sensitivity Δ",
        "laplace.col_scale": "b = Δ/ε",
        "laplace.col_mse": "2b²",
        "laplace.col_width": "range width",
        "laplace.col_relative": "b ÷ range width",
        "laplace.series_scale": "b = {b}",
        "laplace.eps_axis": "ε (the axis is ε itself)",
        "laplace.delta_axis": "smallest required δ(ε)",
        "laplace.scaled_neighbour": "e^ε × neighbour",
        "laplace.key_largest_loss": "outputs y ≤ 0, where the loss is largest",
        "laplace.key_excess": "the part above e^ε × neighbour (area δ(ε))",
        "laplace.desc_profile": (
            "Line chart: smallest δ(ε) required by Laplace noise with sensitivity Δ = "
            "{sensitivity}, for ε = 0 to {eps_max}, one curve per scale b = {scales}. Each curve "
            "reaches 0 at the pure ε = Δ/b (dot) and stays 0 to its right."
        ),
        "laplace.lab_title": "Laplace lab",
        "laplace.lab_kind": "query kind",
        "laplace.lab_n": "number of records n (public)",
        "laplace.lab_bound": "upper bound B of the values",
        "laplace.lab_scale": "noise scale b",
        "laplace.lab_eps": "ε to check",
        "laplace.lab_query": "{name}: {definition}",
        "laplace.lab_sensitivity": "sensitivity Δ = {value}",
        "laplace.lab_pair": "a neighbouring pair attaining it: D = {dataset}, D′ = {neighbour}",
        "laplace.lab_gap": "f(D) = {before}, f(D′) = {after}: they differ by exactly Δ.",
        "laplace.lab_pure": "pure ε = Δ/b = {value}",
        "laplace.lab_delta": "δ(ε) = 1 − exp(−(Δ/b − ε)/2) ≈ {value}",
        "laplace.lab_delta_zero": "δ(ε) = 0: ε ≥ Δ/b, so the pure guarantee already covers it.",
        "laplace.lab_delta_same": "δ(ε) = 0: with Δ = 0 both output laws are the same.",
        "laplace.lab_event": "worst event: outputs y < t = (Δ − εb)/2 = {edge}",
        "laplace.lab_event_none": "The density ratio exceeds e^ε nowhere: no event needs a δ.",
        "laplace.lab_event_mark": "worst event y < t",
        "laplace.lab_calibration": "the scale making this ε the pure ε: b = Δ/ε = {value}",
        "laplace.lab_calibration_none_needed": "Δ = 0: every ε holds without noise (b = 0).",
        "laplace.lab_calibration_impossible": (
            "With Δ > 0 no finite scale meets ε = 0 with δ = 0."
        ),
        "laplace.lab_mae": "mean absolute error E|Z| = b = {value} ({unit})",
        "laplace.lab_mse": "mean squared error E Z² = 2b² = {value} ({unit})",
        "laplace.unit_sum": "units of the sum",
        "laplace.unit_mean": "units of the mean",
        "laplace.unit_count": "unit: people",
        "laplace.unit_constant": "units of the constant",
        "laplace.unit2_sum": "squared units of the sum",
        "laplace.unit2_mean": "squared units of the mean",
        "laplace.unit2_count": "unit: people²",
        "laplace.unit2_constant": "squared units of the constant",
        "laplace.lab_relative": (
            "The mean absolute error is {percent}% of the width {width} of the query's range."
        ),
        "laplace.lab_relative_constant": (
            "A constant query needs no noise: all of this error is added for nothing."
        ),
        "laplace.lab_sensitivity_heading": "Sensitivity and a neighbouring pair attaining it",
        "laplace.lab_privacy_heading": "Privacy: the pure ε and the exact δ(ε)",
        "laplace.lab_error_heading": "Error, in the query's own units",
        "laplace.lab_density_heading": "Output densities of the worst neighbouring pair",
        "laplace.lab_profile_heading": "Smallest required δ for each ε",
        "laplace.lab_profile_series": "δ(ε)",
        "laplace.lab_pure_series": "pure ε = Δ/b",
        "laplace.lab_point": "checked (ε, δ(ε))",
        "laplace.lab_desc_density": (
            "Line chart: Laplace output densities of the worst neighbouring pair, f(D) = 0 and "
            "f(D′) = Δ. The grey area is the worst event y < t at the checked ε. Redrawn when "
            "the lab's controls move."
        ),
        "laplace.lab_desc_profile": (
            "Line chart: smallest required δ(ε) for ε = 0 to 5. Dashed: the pure ε = Δ/b; "
            "diamond: the checked ε. Redrawn when the lab's controls move."
        ),
        "laplace.lab_live": "{sensitivity}. {pure}. {delta}.",
        "laplace.lab_error": (
            "The lab's arithmetic differs from the values dplab computed at build time. "
            "Do not trust the values shown."
        ),
        # The inference lesson and lab (dplab/views/inference.py, inference_lab.py)
        "inference.mechanism_rr": "randomized response (count)",
        "inference.mechanism_laplace": "Laplace noise (Δ = 1)",
        "inference.mechanism_gaussian": "Gaussian noise (Δ = 1)",
        "inference.pure_rr": "pure-ε factor α* = p/(1 − p) = {value}",
        "inference.pure_laplace": "μ = Δ/b = {mu}, pure-ε factor α* = e^μ ≈ {value}",
        "inference.pure_gaussian": "μ = Δ/σ = {mu}, no finite pure ε (α* = ∞)",
        "inference.eps": "ε = ln α ≈ {value}",
        "inference.delta": "smallest δ needed at this α {value}",
        "inference.ratio": "allowed likelihood ratio P(S)/Q(S) ∈ [{low}, {high}]",
        "inference.posterior": "posterior Pr[H | S] ∈ [{low}, {high}]",
        "inference.badge_bounded": "posterior bounded on both sides",
        "inference.badge_rule_out": "H may be ruled out",
        "inference.reading_pure": (
            "δ = 0: whatever event is seen, the posterior odds stay between 1/α and α times the"
            " prior odds."
        ),
        "inference.reading_delta": (
            "δ > 0: the range depends on the observed event's probability Q(S) and widens as"
            " Q(S) shrinks."
        ),
        "inference.reading_rule_out": (
            "δ ≥ Q(S): the likelihood ratio's upper end α + δ/Q(S) is still finite, but its lower"
            " end is 0. An event with P(S) = 0 and Q(S) ≤ δ is allowed, so the observer may rule"
            " H out."
        ),
        "inference.power": "this mechanism's most powerful test: power 1 − β {value}",
        "inference.bound": "most power the (α, δ) guarantee allows {value}",
        "inference.prior_axis": "prior Pr[H]",
        "inference.posterior_axis": "posterior Pr[H | S]",
        "inference.col_low": "smallest posterior",
        "inference.col_high": "largest posterior",
        "inference.type_one": "type I error (false-positive rate) x",
        "inference.type_two": "type II error β",
        "inference.region_caption": "the guarantee's bound f(x): no test reaches below it",
        "inference.key_boundary": "the guarantee's bound f(x)",
        "inference.key_region": "where no test reaches",
        "inference.key_unchanged": "no change",
        "inference.key_allowed": "posteriors the guarantee allows",
        "inference.key_edges": "the ends of that range",
        "inference.key_prior": "the chosen prior",
        "inference.key_best": "the most powerful test at the chosen false-positive rate",
        "inference.key_tests": "one deterministic test",
        "inference.key_curve": "trade-off curve",
        "inference.desc_posterior": (
            "Band chart: prior on the x axis, posterior on the y axis. The band is the range of"
            " posteriors the guarantee allows, the dashed diagonal is no change, and the thick"
            " bar is the range at the chosen prior."
        ),
        "inference.desc_tradeoff": (
            "Line chart: type I error on the x axis, type II error on the y axis. The coloured"
            " line is the mechanism's trade-off curve, the grey region lies below the (α, δ)"
            " bound (no test reaches it), the diamond is the most powerful test at the chosen"
            " false-positive rate."
        ),
        "inference.lab_title": "Inference lab: what can an observer conclude?",
        "inference.group_mechanism": "Mechanism and guarantee",
        "inference.group_observer": "Observer",
        "inference.group_test": "The observer's test",
        "inference.lab_mechanism": "mechanism",
        "inference.lab_n": "people n",
        "inference.lab_p": "probability p of a true report",
        "inference.lab_scale": "Laplace scale b",
        "inference.lab_sigma": "Gaussian standard deviation σ",
        "inference.lab_alpha": "factor α = e^ε",
        "inference.lab_prior": "prior Pr[H]",
        "inference.lab_event": "observed event's probability Q(S)",
        "inference.lab_level": "false-positive rate x",
        "inference.guarantee_heading": "Guarantee",
        "inference.observer_heading": "What the observer may conclude",
        "inference.posterior_heading": "Allowed posterior for every prior",
        "inference.tradeoff_heading": "Trade-off curve and the (α, δ) guarantee",
        "inference.band": "α = {alpha}, δ = {delta}, Q(S) = {q}",
        "inference.desc_bands": (
            "Line chart: prior on the x axis, posterior on the y axis. For each case the two"
            " lines of one colour bound the posteriors the guarantee allows; the dashed"
            " diagonal is no change."
        ),
        "inference.bands_caption": "allowed posterior for each prior [smallest, largest]",
        "inference.desc_curves": (
            "Line chart: type I error on the x axis, type II error on the y axis. One line per"
            " mechanism's trade-off curve; the grey region lies below the guarantee's bound"
            " (no test reaches it)."
        ),
        "inference.curves_caption": "least type II error at each type I error",
        "inference.series_rr": "randomized response n = {n}, p = {p}",
        "inference.series_laplace": "Laplace μ = {mu}",
        "inference.series_gaussian": "Gaussian μ = {mu}",
        "inference.series_bound": "bound f (α = {alpha}, δ = {delta})",
        "inference.series_bound_approx": "bound f (α = {alpha}, δ ≈ {delta})",
        "inference.reject": "outputs rejected",
        "inference.tests_caption": "both errors of each deterministic test",
        "inference.corners_caption": "corners of the best tests",
        "inference.bound_caption": "the bound of the guarantee α = {alpha}, δ = 0",
        "inference.best_caption": "the most powerful test at false-positive rate {level}",
        "inference.walk_tests": (
            "Dot chart: one deterministic test per set of outputs on which it rejects H₀; type"
            " I error across, type II error up."
        ),
        "inference.walk_curve": (
            "Dots and a polyline: the line along the lower convex hull of the tests is the"
            " trade-off curve."
        ),
        "inference.walk_bound": "The same with the region below the α guarantee's bound in grey.",
        "inference.walk_best": (
            "Diamond on the polyline: the most powerful (randomised) test at the chosen"
            " false-positive rate."
        ),
        "inference.lab_live": "{posterior}. {power}.",
        "inference.lab_error": (
            "The lab's script disagrees with the values dplab wrote at build time. Do not trust"
            " this lab's values."
        ),
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
        "rr.normal": "normal approximation of δ",
        "rr.exact": "exact",
        "rr.walk_inputs": "① what changes: one person's bit",
        "rr.walk_outputs": "② what is released: two output laws",
        "rr.walk_event": "③ checking one event only",
        "rr.walk_pairs": "④ required δ of every ordered pair",
        "rr.walk_person": "person",
        "rr.walk_source_row": "D: c = {c}",
        "rr.walk_target_row": "D′: c = {c}",
        "rr.walk_event_text": "S = {event}: P(S) {ps}\nαQ(S) + δ {bound} → {verdict}",
        "rr.table_output": "y",
        "rr.table_p": "P(y)",
        "rr.table_q": "Q(y)",
        "rr.table_in_event": "in S",
        "rr.table_changed": "bit changed",
        "rr.col_verdict_short": "verdict",
        "rr.desc_walk_inputs": (
            "Grid: the bits of the input D with true count {source} and of its neighbour D′ with "
            "{target}. Only person {person}, outlined in bold, has a different bit."
        ),
        "rr.desc_walk_outputs": (
            "Bar chart: probabilities of 0 to {n} reported ones, P for the input with true count "
            "{source}, Q for the neighbour with {target}."
        ),
        "rr.desc_walk_event": (
            "Bar chart and text: on the dashed event S = {event}, P(S) {ps}, αQ(S) + δ {bound}, "
            "verdict {verdict}."
        ),
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
        "rr.col_normal": "normal approximation of δ",
        "rr.desc_pair": (
            "Bar chart: probabilities of 0 to {n} reported ones for true count {source} (P) and "
            "the neighbouring true count {target} (Q). The dashed outline is the event S = {event}."
        ),
        "rr.desc_pairs": (
            "Bar chart: required δ of each of the {count} ordered adjacent pairs, with a rule at "
            "the claimed δ = {delta}. n = {n}, p = {p}, α = {alpha}."
        ),
        "rr.desc_profile": (
            "Line chart: smallest required δ, computed exactly at each point α = 1.0 to 10.0 in "
            "steps of 0.1. The segments joining the points are a guide for the eye: the true "
            "profile is convex, on or below them between points. The axis is α = e^ε. One large "
            "point is the claim (α, δ) = ({alpha}, {delta}). n = {n}, p = {p}."
        ),
        "rr.desc_aggregation": (
            "Line chart: required δ at α = 1 (total variation) as the number of people n grows, "
            "p = {ps}. n = 1 is one person's own randomized response; dashed: the approximation "
            "(2p−1)/√(2π(n−1)p(1−p)) of δ, the peak probability replaced by its normal "
            "approximation."
        ),
        "rr.lab_title": "Randomized-response lab",
        "rr.lab_mechanism": "Mechanism: changes the channel",
        "rr.lab_claim": "Claim: changes what is judged",
        "rr.lab_query": "Query: changes only the pair and event you look at",
        "rr.lab_n": "number of people n",
        "rr.lab_p": "probability p of a truthful report",
        "rr.lab_alpha": "claimed α = e^ε",
        "rr.lab_epsilon": "ε = ln α ≈ {eps}",
        "rr.lab_delta": "claimed δ (a number from 0 to 1)",
        "rr.lab_delta_help": (
            "e.g. 0.05, 3/8, 1e-5. Read exactly as the rational number you type."
        ),
        "rr.lab_delta_invalid": (
            "Type a number from 0 to 1 (e.g. 0.05, 3/8, 1e-5). Verdicts are withheld until the "
            "value is valid."
        ),
        "rr.lab_delta_above": "δ cannot exceed 1 (it lies from 0 to 1).",
        "rr.lab_delta_refused": (
            "‘{typed}’: {reason} Verdicts are withheld until the value is valid."
        ),
        "rr.lab_pair": "ordered neighbouring pair c → c′ to look at (or click a bar)",
        "rr.lab_pair_clamped": "the chosen pair {requested} exceeds n: clamped to {pair}.",
        "rr.lab_bits": "outputs in the event S",
        "rr.lab_event_set": "S = {event}",
        "rr.lab_event_ignored": "outputs above n were left out: {ignored}.",
        "rr.lab_chip_cert": "certificate",
        "rr.lab_chip_event": "event check",
        "rr.lab_chip_place": "pair {pair}, S = {event}",
        "rr.lab_state_pair": "pair {pair}",
        "rr.lab_live": "One event: {event}. Certificate: {certificate}. {required}.",
        "rr.lab_query_heading": "Both output laws of the chosen pair and the event S",
        "rr.lab_pair_text": "source true count c = {source}, neighbour true count c′ = {target}",
        "rr.lab_event_values": "P(S) {ps}, Q(S) {qs}, αQ(S) + δ {bound}",
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
        "rr.lab_worst": "maximised at {places}",
        "rr.lab_place": "pair {pair}, event {event}",
        "rr.lab_worst_zero": "the required δ is 0: every pair attains it (event ∅).",
        "rr.lab_profile_heading": "Privacy profile: smallest required δ for each α",
        "rr.lab_profile_note": (
            "The points are exact at α = 1.0, 1.1, …, 10.0; the segments joining them are a guide "
            "for the eye. The true profile is convex, on or below them between points."
        ),
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
        # Lesson 4: Gaussian (dplab/views/gaussian.py, gaussian-lab.js)
        "gauss.kind_sum": "sum",
        "gauss.kind_mean": "mean",
        "gauss.kind_count": "count",
        "gauss.kind_constant": "constant",
        "gauss.def_sum": "f(D) = x₁ + … + xₙ",
        "gauss.def_mean": "f(D) = (x₁ + … + xₙ) / n",
        "gauss.def_count": "f(D) = number of records ≥ B/2",
        "gauss.def_constant": "f(D) = 0 (ignores the input)",
        "gauss.unit_sum": "units of the sum",
        "gauss.unit_mean": "units of the mean",
        "gauss.unit_count": "unit: people",
        "gauss.unit_constant": "units of the constant",
        "gauss.unit2_sum": "squared units of the sum",
        "gauss.unit2_mean": "squared units of the mean",
        "gauss.unit2_count": "unit: people²",
        "gauss.unit2_constant": "squared units of the constant",
        "gauss.output_axis": "output y (midpoint of the two centres at 0)",
        "gauss.density_axis": "density",
        "gauss.law_p": "p: output law of D",
        "gauss.law_q": "q: output law of D′",
        "gauss.excess": "p − e^ε·q (its area is δ)",
        "gauss.event": "worst event",
        "gauss.eps_axis": "ε (the axis is ε itself)",
        "gauss.log_axis": "log10 δ(ε) (base-10 logarithm)",
        "gauss.profile": "required δ(ε)",
        "gauss.claim_line": "claimed δ",
        "gauss.point": "current ε",
        "gauss.loss": "L(y) = ln p(y)/q(y)",
        "gauss.loss_axis": "privacy loss L(y)",
        "gauss.eps_line": "L = ε = {eps}",
        "gauss.table_p": "p(y)",
        "gauss.table_q": "q(y)",
        "gauss.table_scaled_q": "e^ε·q(y)",
        "gauss.desc_walk_densities": (
            "Line chart: the Gaussian output densities p and q of two neighbouring inputs, "
            "Δ = {sensitivity}, σ = {sigma} (centred at 0)."
        ),
        "gauss.desc_walk_loss": (
            "Two line charts: above, both output densities; below, the privacy loss L(y), a "
            "straight line growing without bound to the left."
        ),
        "gauss.desc_walk_event": (
            "Two line charts: the half-line y < {edge} where the loss exceeds ε = {eps} (grey), "
            "marked in both."
        ),
        "gauss.desc_walk_excess": (
            "Line chart: on the half-line y < {edge}, the part of p above e^ε·q (filled), of area "
            "δ(ε) ≈ {delta}."
        ),
        "gauss.walk_densities": "Two output laws and the worst event",
        "gauss.walk_loss": "Privacy loss: a sloping straight line",
        "gauss.lab_desc_density": (
            "Line chart: Gaussian output densities of the worst neighbouring pair, p = N(−Δ/2, σ²) "
            "and q = N(Δ/2, σ²). Grey: the worst event y < t; filled: where p exceeds e^ε·q on "
            "it. Redrawn when the lab's controls move."
        ),
        "gauss.lab_desc_profile": (
            "Line chart: base-10 logarithm of the required δ(ε) for ε = 0 to 10. Dashed rule: the "
            "claimed δ; diamond: the current ε. Redrawn when the lab's controls move."
        ),
        "gauss.lab_title": "Gaussian lab: one control moves all three panels",
        "gauss.lab_query_group": "Query",
        "gauss.lab_mechanism_group": "Noise and claim",
        "gauss.lab_kind": "query kind",
        "gauss.lab_n": "number of records n (public)",
        "gauss.lab_bound": "upper bound B of the values",
        "gauss.lab_sigma": "noise standard deviation σ",
        "gauss.lab_eps": "ε",
        "gauss.lab_claim": "claimed δ",
        "gauss.lab_presets": "Go to an example of the text",
        "gauss.preset_sum": "Example 1: sum",
        "gauss.preset_mean": "Example 2: mean",
        "gauss.preset_underflow": "Example 3: underflow",
        "gauss.preset_zero": "ε = 0",
        "gauss.panel_heading": "Certificate panel",
        "gauss.density_heading": "Output densities of the worst neighbouring pair",
        "gauss.profile_heading": "Required δ for each ε, and the claimed δ",
        "gauss.panel_query": "query",
        "gauss.panel_pair": "a neighbouring pair attaining Δ",
        "gauss.panel_sensitivity": "sensitivity Δ",
        "gauss.panel_delta": "required δ(ε)",
        "gauss.panel_log": "log₁₀ δ(ε)",
        "gauss.panel_underflow": "underflow",
        "gauss.panel_claim": "claimed δ",
        "gauss.panel_verdict": "verdict",
        "gauss.panel_mse": "mean squared error σ²",
        "gauss.panel_mae": "mean absolute error σ√(2/π)",
        "gauss.pair_text": "D = {dataset}, D′ = {neighbour}: f(D) = {before}, f(D′) = {after}",
        "gauss.delta_zero": "0 (exactly: with Δ = 0 both output laws are the same)",
        "gauss.delta_underflow": "≈ {value}: positive, and below the smallest normal double",
        "gauss.log_minus_inf": "−∞ (δ = 0)",
        "gauss.underflow_yes": (
            "yes: δ is below the smallest normal double. It is not 0, so it is shown by its "
            "logarithm."
        ),
        "gauss.underflow_no": "no",
        "gauss.badge_pass": "✓ pass",
        "gauss.badge_fail": "✗ fail",
        "gauss.badge_undecided": "? undecided",
        "gauss.verdict_pass": "δ(ε) ≤ {claim}: the claim holds.",
        "gauss.verdict_fail": "δ(ε) > {claim}: the claim does not hold.",
        "gauss.verdict_undecided": (
            "Even at the highest precision δ(ε) and {claim} were not separated."
        ),
        "gauss.with_unit": "{value} ({unit})",
        "gauss.certified_note": (
            "Verdicts are not made from the approximations shown. They compare a rigorous "
            "interval for δ(ε), computed at build time with ball arithmetic (Arb), with the claim "
            "read as an exact decimal."
        ),
        "gauss.edge": "worst event (midpoint shifted to 0): y < −εσ²/Δ ≈ {edge}",
        "gauss.edge_none": "worst event: none (the loss is 0 everywhere)",
        "gauss.note_same": "Δ = 0: the densities coincide, the loss is 0 everywhere and δ = 0.",
        "gauss.note_edge_outside": (
            "The event's edge lies left of the window, so the event is not visible. The tail is "
            "still there and δ > 0."
        ),
        "gauss.note_profile_same": "Δ = 0: δ = 0 at every ε, so there is no curve on a log scale.",
        "gauss.note_claim_zero": "Claim δ = 0: log₁₀ 0 = −∞, so the claim has no line to draw.",
        "gauss.lab_live": "Required δ {delta}. Claim δ = {claim}: {badge}.",
        "gauss.col_exact_sigma": "exact smallest σ",
        "gauss.col_classic_sigma": "classic σ",
        "gauss.col_classic_delta": "actual δ at it",
        "gauss.classic_na": "does not apply",
        # User-level metric DP, d_EM (dplab/views/emd_lab.py, emd-lab.js, views/metric.py)
        "emd.lab_title": "d_EM lab: the optimal matching of two datasets",
        "emd.lab_group_a": "User dataset K",
        "emd.lab_group_b": "Neighbouring dataset K′",
        "emd.lab_size_a": "items of K, m",
        "emd.lab_size_b": "items of K′, m′",
        "emd.lab_item_a1": "location of item 1",
        "emd.lab_item_a2": "location of item 2",
        "emd.lab_item_a3": "location of item 3",
        "emd.lab_item_a4": "location of item 4",
        "emd.lab_item_b1": "location of item 1",
        "emd.lab_item_b2": "location of item 2",
        "emd.lab_item_b3": "location of item 3",
        "emd.lab_item_b4": "location of item 4",
        "emd.lab_picture_heading": "Optimal matching",
        "emd.lab_value_heading": "The distance d_EM",
        "emd.lab_picture": (
            "Top row: the items of K; bottom row: the items of K′. Each line is mass moved by "
            "the optimal coupling, labelled with that mass."
        ),
        "emd.lab_datasets": "K = {a} (m = {m}), K′ = {b} (m′ = {m2})",
        "emd.lab_distance": "d_EM(K, K′) = {value}",
        "emd.lab_rule_equal": (
            "Equal sizes (m = m′ = {m}): d_EM = (cost of a minimum-cost perfect matching) ÷ m "
            "= {cost} ÷ {m} = {value}."
        ),
        "emd.lab_rule_unequal": (
            "Sizes differ (m = {m}, m′ = {m2}): copy each item of K into {copies_a} and each "
            "of K′ into {copies_b}, L = {units} items on each side. d_EM = (cost of a "
            "minimum-cost perfect matching) ÷ L = {cost} ÷ {units} = {value}."
        ),
        "emd.lab_flow": "{source} → {target}: mass {mass}, distance {distance}",
        "emd.lab_flow_sep": "; ",
        "emd.lab_sum": "Σ mass × distance = {terms} = {value}",
        "emd.lab_cdf": "From the CDFs, separately: ∫ |F_K − F_K′| dt = {value} (the same)",
        "emd.lab_live": "{datasets}: {distance}",
        "emd.col_sorted": "sorted matching cost",
        "emd.col_cdf": "∫ |F_K − F_K′| dt",
        "emd.col_solver": "general solver (distance matrix, dual certificate)",
        "emd.cdf_of": "CDF of {name}",
        "emd.key_gap": "between the two steps (area d_EM)",
        "emd.cdf_axis": "cumulative share F(t)",
        "emd.location": "location t",
        "emd.cdf_table": "|F_K − F_K′| × length per interval (sum = {total})",
        "emd.col_interval": "interval",
        "emd.col_share": "area",
        "emd.desc_cdf": (
            "The empirical CDFs of K = {a} and K′ = {b} as steps, the gap between them shaded "
            "grey. The grey area is d_EM = {total}."
        ),
        "emd.col_factor": "factor per unit distance",
        "emd.col_passes": "holds for all x, x′, y",
        "emd.col_worst": "largest ratio at",
        "emd.col_tightest": "smallest factor needed",
        "emd.col_datasets": "datasets",
        "emd.col_pairs": "ordered pairs",
        "emd.col_naive": "factor per unit d_EM, α₀^m",
        "emd.col_pure": "pure at α₀^m",
        "emd.col_attained": "equality attained",
        "emd.col_tightness": "max ln(P/Q) ÷ (d_EM · ln α₀^m)",
        "emd.col_smaller": "pure at α₀^m × {factor}",
        "emd.lab_error": (
            "This lab's script computed values that differ from those dplab computed when the "
            "site was built. Reload the page."
        ),
        # PrivEMDLinear (dplab/views/linear_lab.py, linear-lab.js)
        "linear.lab_title": (
            "PrivEMDLinear lab: the error of d_EM-DP and of the user-level baseline"
        ),
        "linear.lab_group_privacy": "Privacy",
        "linear.lab_group_query": "Query and users",
        "linear.lab_eps": "ε per unit of d_EM",
        "linear.lab_user": "baseline's user-level ε_user",
        "linear.lab_diam": "diameter of the item space diam(X)",
        "linear.lab_l": "Lipschitz constant l of f",
        "linear.lab_d": "dimension k of f",
        "linear.lab_n": "number of users n (central model)",
        "linear.lab_compare_heading": "Which is more accurate",
        "linear.lab_local_heading": "Local model: expected error of one user's release E‖noise‖₂",
        "linear.lab_central_heading": "Central model: expected error of the average of n users",
        "linear.lab_scales": "Noise scales: d_EM-DP l/ε = {ours}, baseline l·diam/ε_user = {base}",
        "linear.lab_local_ours": "d_EM-DP: k·l/ε = {value}",
        "linear.lab_local_base": "user level: k·l·diam/ε_user = {value}",
        "linear.lab_central_ours": "d_EM-DP: k·l/(ε·n) = {value}",
        "linear.lab_central_base": "user level: k·l·diam/(ε_user·n) = {value}",
        "linear.lab_ratio": "error ratio (d_EM-DP ÷ user level) = ε_user/(ε·diam) = {value}",
        "linear.lab_verdict_ours": "d_EM-DP more accurate",
        "linear.lab_verdict_tie": "equal errors",
        "linear.lab_verdict_base": "user level more accurate",
        "linear.lab_crossover": (
            "Crossover: ε = ε_user/diam = {value}. Above it d_EM-DP is more accurate, below it "
            "the user-level baseline is."
        ),
        "linear.lab_far": (
            "Factor allowed at the farthest pair (d_EM = diam): d_EM-DP e^(ε·diam) = e^{far}, "
            "user level e^{user}."
        ),
        "linear.lab_radius": (
            "Pairs with d_EM ≤ ε_user/ε = {value} are protected by d_EM-DP at least as "
            "strongly as by the user-level baseline."
        ),
        "linear.lab_live": "{verdict}. {ratio}",
        "linear.lab_error": (
            "This lab's script computed values that differ from those dplab computed when the "
            "site was built. Reload the page."
        ),
        "linear.series_ours": "PrivEMDLinear (d_EM-DP, ε)",
        "linear.series_base": "user-level baseline (ε_user)",
        "linear.eps_axis": "ε per unit of d_EM (log scale)",
        "linear.error_axis": "expected error E‖noise‖₂ (log scale)",
        "linear.crossover_mark": "crossover ε = ε_user/diam",
        "linear.crossover_table": "Expected error, central model (crossover ε = {crossover})",
        "linear.desc_crossover": (
            "Central model with k = {d}, l = {l}, n = {n}, diam = {diam}: the expected error of "
            "PrivEMDLinear falls with ε (a straight line on log scales); the user-level baseline "
            "at ε_user = {user} is flat. They meet at ε = {crossover}."
        ),
        "linear.col_reports": "reports N = n·m",
        "linear.col_krr": "k-RR total squared error",
        "linear.col_naive": "pure factor per unit d_EM, α^m",
        "linear.col_user_eps": "ε_user of the same worst factor, m·ln α",
        "linear.col_base": "baseline total squared error",
        "linear.col_ratio": "k-RR ÷ baseline",
        "linear.col_formula": "formula E‖noise‖₂ = k·b",
        "linear.col_sample_mean": "sample mean",
        "linear.col_z": "difference ÷ standard error",
        "linear.col_formula2": "formula E‖noise‖₂² = k(k + 1)·b²",
        "linear.col_sample_mean2": "sample mean (squares)",
        # PrivEMDItemWise, shuffling at scale, sampling (dplab/views/itemwise.py)
        "item.shuffled": "shuffled (multiset)",
        "item.ordered": "in sorted-input order",
        "item.bound": "derived bound (this course)",
        "item.col_ratio_shuffled": "max P/Q, shuffled",
        "item.col_ratio_ordered": "max P/Q, ordered",
        "item.col_delta_shuffled": "δ needed at α = {factor}, shuffled",
        "item.col_delta_ordered": "δ needed at α = {factor}, ordered",
        "item.m_select": "items m",
        "item.eps_axis": "ε (factor α = e^ε)",
        "item.m_axis": "items m (log axis)",
        "item.log_delta_axis": "log₁₀ δ (≈)",
        "item.desc_curves": (
            "The δ(ε) needed, on a log axis, between m bits half of which are ones and the same "
            "bits with {flipped} ones turned to zeros, each bit released by randomized response "
            "with ε₀ = {epsilon0}: exact values for the shuffled multiset and for the outputs in "
            "input order; a selector picks m (m = {ms}). Points where δ is 0 or below e^−580 are "
            "not drawn."
        ),
        "item.desc_scale": (
            "The δ needed at ε = {eps} as the number of items m grows (log axis): m bits half "
            "ones, {flipped} ones turned to zeros, randomized response with ε₀ = {epsilon0}. "
            "Exact values shuffled and ordered, and the derived bound where it proves anything."
        ),
        "item.scale_table": (
            "log₁₀ δ (≈, two decimals); —: no value (the derived bound gives only δ ≤ 1)"
        ),
        "item.col_hoeffding": "δ = e^(−2st²)",
        "item.col_violations": "pairs violating (α^(d_EM + t), δ)",
        "item.col_holds": "holds for every pair and event",
        "item.col_release_factor": "factor α per unit of d_EM",
        "item.col_log_factor": "ln α (the same factor)",
        "item.col_largest_log_ratio": "largest ln(P/Q) ÷ d_EM",
        "item.col_pure_bound": "derived pure bound α(α − 1)",
        "item.col_same_factor_violations": "pairs violating the same factor α^d_EM",
        "item.col_pure_bound_violations": "pairs violating 1 + α(α − 1)·d_EM",
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
    return format_with_particles(text, values) if values else text
