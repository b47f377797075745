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
        "notebook.package_download": "dplab 패키지 내려받기 (.whl)",
        "notebook.install": (
            "**이 노트북을 실행하려면.** 코드가 부르는 `dplab` 패키지는 사이트에 "
            "노트북과 함께 있습니다. 패키지 파일 [{wheel}]({wheel})을 내려받아 이 노트북과 "
            "같은 폴더에 두고, 그 폴더에서 `pip install {wheel}`을 실행하세요(노트북 "
            "안에서는 `%pip install {wheel}`). 파이썬 {python} 이상이 필요합니다. 파일 "
            "자체는 인터넷 없이 설치되지만, 함께 쓰는 패키지({dependencies}) 가운데 아직 "
            "없는 것은 pip이 PyPI에서 받아 옵니다. 인터넷이 없다면 그 패키지들이 이미 있는 "
            "환경에서 `pip install --no-index {wheel}`로 설치하세요."
        ),
        "catalog.heading": "단원 목록",
        "catalog.prerequisites": "먼저 알아두면 좋아요",
        "catalog.none": "없음",
        "chart.export_svg": "SVG로 저장",
        "chart.export_png": "PNG로 저장",
        "chart.menu": "차트 메뉴",
        "page.scroll_hint": "옆으로 밀어 나머지를 보세요 →",
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
        "laplace.col_max_loss": "{low} ≤ y ≤ {high}에서 L(y)의 최댓값",
        "laplace.neighbour": "인접 입력",
        "laplace.desc_slider": (
            "선그림 두 칸: 민감도 Δ = {sensitivity}인 최악의 인접 쌍에서 두 입력의 라플라스 출력 "
            "밀도(위)와 프라이버시 손실 L(y)(아래). 슬라이더로 고른 척도 b에 따라 다시 그려진다."
        ),
        "laplace.desc_walkthrough_three": (
            "세 단계 그림(척도 b = {scale}): ① 한 입력의 출력 밀도. ② 인접 입력의 밀도. "
            "③ 손실이 최대인 출력 y ≤ 0(회색)."
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
        "laplace.desc_profile": (
            "선그림: 민감도 Δ = {sensitivity}인 라플라스 잡음에서 ε = 0부터 {eps_max}까지 "
            "필요한 최소 δ(ε). 척도 b = {scales}마다 곡선 하나. 곡선은 순수 ε = Δ/b(점)에서 "
            "0에 닿고 그 오른쪽에서는 0이다."
        ),
        "laplace.desc_walkthrough": (
            "네 단계 그림: ① f(D) = 0인 입력의 출력 밀도(척도 b = {scale}). ② f(D′) = "
            "{sensitivity}인 인접 입력의 밀도. ③ 손실이 최대 Δ/b인 출력 y ≤ 0(회색). ④ ε = {eps}"
            "에서 인접 입력 밀도의 e^ε배(점선)와 그 위로 나온 부분의 넓이 δ(ε) ≈ {delta}(회색)."
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
        "gauss.walk_densities": "두 출력 분포와 최악 사건",
        "gauss.walk_loss": "프라이버시 손실: 기울어진 직선",
        "gauss.desc_walkthrough": (
            "네 단계 그림, Δ = {sensitivity}, σ = {sigma}, ε = {eps}: ① 두 인접 입력의 가우스 출력 "
            "밀도 p와 q(가운데를 0으로 옮김). ② 아래 칸의 프라이버시 손실 L(y)는 왼쪽으로 갈수록 "
            "끝없이 커지는 직선. ③ L(y) > ε인 반직선 y < {edge}(회색). ④ 그 반직선 위에서 p가 "
            "e^ε·q를 넘는 부분(색칠), 넓이 δ(ε) ≈ {delta}."
        ),
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
            "`pip install --no-index {wheel}` into an environment that already has them."
        ),
        "catalog.heading": "Lessons",
        "catalog.prerequisites": "Good to know first",
        "catalog.none": "none",
        "chart.export_svg": "Save as SVG",
        "chart.export_png": "Save as PNG",
        "chart.menu": "Chart menu",
        "page.scroll_hint": "Scroll sideways to see the rest →",
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
        "laplace.col_max_loss": "largest L(y) for {low} ≤ y ≤ {high}",
        "laplace.neighbour": "neighbour",
        "laplace.desc_slider": (
            "Two line charts: the Laplace output densities of the worst neighbouring pair with "
            "sensitivity Δ = {sensitivity} (top) and their privacy loss L(y) (bottom), redrawn "
            "for the scale b chosen with the slider."
        ),
        "laplace.desc_walkthrough_three": (
            "Three-step figure (scale b = {scale}): 1. the output density of one input; "
            "2. the neighbour's density; 3. the outputs y ≤ 0 where the loss is largest (grey)."
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
        "laplace.desc_profile": (
            "Line chart: smallest δ(ε) required by Laplace noise with sensitivity Δ = "
            "{sensitivity}, for ε = 0 to {eps_max}, one curve per scale b = {scales}. Each curve "
            "reaches 0 at the pure ε = Δ/b (dot) and stays 0 to its right."
        ),
        "laplace.desc_walkthrough": (
            "Four-step figure: ① output density of the input with f(D) = 0 (scale b = {scale}). "
            "② the neighbour's, with f(D′) = {sensitivity}. ③ the outputs y ≤ 0 where the loss "
            "is its maximum Δ/b (grey). ④ at ε = {eps}, the neighbour's density times e^ε "
            "(dashed) and the area above it, δ(ε) ≈ {delta} (grey)."
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
        "gauss.walk_densities": "Two output laws and the worst event",
        "gauss.walk_loss": "Privacy loss: a sloping straight line",
        "gauss.desc_walkthrough": (
            "Four-step figure, Δ = {sensitivity}, σ = {sigma}, ε = {eps}: ① the Gaussian output "
            "densities p and q of two neighbouring inputs (centred at 0). ② below, the privacy "
            "loss L(y), a straight line growing without bound to the left. ③ the half-line "
            "y < {edge} where L(y) > ε (grey). ④ on it, the part of p above e^ε·q (filled), of "
            "area δ(ε) ≈ {delta}."
        ),
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
