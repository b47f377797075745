// Generated from dplab.views (CHART_THEMES, LABELS).
window.DPLAB = {
 "labels": {
  "catalog.heading": "단원 목록",
  "catalog.none": "없음",
  "catalog.prerequisites": "먼저 알아두면 좋아요",
  "chart.export_png": "PNG로 저장",
  "chart.export_svg": "SVG로 저장",
  "chart.menu": "차트 메뉴",
  "code.fold": "코드 보기",
  "laplace.density": "확률밀도",
  "laplace.input": "입력",
  "laplace.loss": "프라이버시 손실 L(y)",
  "laplace.neighbour": "인접 입력",
  "laplace.output": "출력 y",
  "laplace.scale": "척도 b",
  "notebook.download": "이 단원을 노트북(.ipynb)으로 내려받기",
  "notebook.page_title": "노트북",
  "notebook.view": "노트북으로 보기"
 },
 "themes": {
  "dark": {
   "axis": {
    "domainColor": "#454a5a",
    "gridColor": "#454a5a",
    "labelColor": "#e2e4ea",
    "labelFontSize": 12,
    "tickColor": "#454a5a",
    "titleColor": "#e2e4ea",
    "titleFontSize": 13,
    "titleFontWeight": "normal"
   },
   "background": null,
   "font": "-apple-system, BlinkMacSystemFont, \"Apple SD Gothic Neo\", \"Malgun Gothic\", \"Noto Sans KR\", \"NanumGothic\", Helvetica, Arial, sans-serif",
   "legend": {
    "labelColor": "#e2e4ea",
    "labelFontSize": 12,
    "titleColor": "#e2e4ea",
    "titleFontSize": 12
   },
   "mark": {
    "color": "#74a9ff"
   },
   "range": {
    "category": [
     "#74a9ff",
     "#ff9f5a",
     "#69db7c",
     "#da77f2",
     "#adb5bd"
    ]
   },
   "text": {
    "color": "#e2e4ea"
   },
   "title": {
    "anchor": "start",
    "color": "#e2e4ea",
    "fontSize": 15,
    "fontWeight": "bold",
    "subtitleColor": "#e2e4ea"
   },
   "view": {
    "stroke": null
   }
  },
  "light": {
   "axis": {
    "domainColor": "#d5d8e0",
    "gridColor": "#d5d8e0",
    "labelColor": "#1f2330",
    "labelFontSize": 12,
    "tickColor": "#d5d8e0",
    "titleColor": "#1f2330",
    "titleFontSize": 13,
    "titleFontWeight": "normal"
   },
   "background": null,
   "font": "-apple-system, BlinkMacSystemFont, \"Apple SD Gothic Neo\", \"Malgun Gothic\", \"Noto Sans KR\", \"NanumGothic\", Helvetica, Arial, sans-serif",
   "legend": {
    "labelColor": "#1f2330",
    "labelFontSize": 12,
    "titleColor": "#1f2330",
    "titleFontSize": 12
   },
   "mark": {
    "color": "#1f5fbf"
   },
   "range": {
    "category": [
     "#1f5fbf",
     "#d9480f",
     "#2b8a3e",
     "#862e9c",
     "#5c5f66"
    ]
   },
   "text": {
    "color": "#1f2330"
   },
   "title": {
    "anchor": "start",
    "color": "#1f2330",
    "fontSize": 15,
    "fontWeight": "bold",
    "subtitleColor": "#1f2330"
   },
   "view": {
    "stroke": null
   }
  }
 }
};
