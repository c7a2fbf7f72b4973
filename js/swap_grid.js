// The swap widget's heat map: a grid of documents by documents, each cell the change in
// NDCG if the row's and the column's documents swap, each row ending in its lambda.

import { h, setText } from "./dom.js";
import { gradeText } from "./format.js";

/** A cell's printed value: two decimals, no leading zero, so "+.28" fits a 36 px cell. */
export function cellText(x) {
  const text = Math.abs(x).toFixed(2).replace(/^0/, "");
  if (text === ".00") return x === 0 ? "0" : "±.00";
  return (x > 0 ? "+" : "−") + text;
}

/** The grid's cells, built once per item count: heads, cells and lambdas by position. */
export function createGrid(grid, n) {
  const state = {};
  const headRow = h("tr", {}, [h("td", { class: "ndcg-sw__corner" })]);
  state.heads = [];
  for (let j = 0; j < n; j += 1) {
    const th = h("th", { scope: "col", class: "ndcg-sw__head ndcg-sw__head--col" });
    state.heads.push(th);
    headRow.append(th);
  }
  headRow.append(
    h("th", {
      scope: "col",
      class: "ndcg-sw__head ndcg-sw__head--lambda",
      title: "LambdaRank's lambda of the row's document",
      text: "λ",
    }),
  );
  const body = h("tbody");
  state.cells = [];
  state.rowHeads = [];
  state.lambdaCells = [];
  for (let i = 0; i < n; i += 1) {
    const head = h("th", { scope: "row", class: "ndcg-sw__head ndcg-sw__head--row" });
    const row = h("tr", {}, [head]);
    const cells = [];
    for (let j = 0; j < n; j += 1) {
      const td = h("td", {
        role: "gridcell",
        class: "ndcg-sw__cell",
        tabindex: "-1",
        "data-i": String(i),
        "data-j": String(j),
      });
      if (i === j) {
        td.classList.add("ndcg-sw__cell--self");
        td.setAttribute("aria-disabled", "true");
      }
      cells.push(td);
      row.append(td);
    }
    const lambda = h("td", { class: "ndcg-sw__lambda", "data-testid": `lambda-${i}` });
    row.append(lambda);
    state.cells.push(cells);
    state.rowHeads.push(head);
    state.lambdaCells.push(lambda);
    body.append(row);
  }
  grid.replaceChildren(h("thead", {}, [headRow]), body);
  return state;
}

/** Fill the grid in: heads, lambdas and each cell's shade and figure; return the largest |change|. */
export function drawGrid(state, order, grades, matrix, values) {
  let largest = 0;
  for (const row of matrix) for (const value of row) largest = Math.max(largest, Math.abs(value));
  const n = order.length;
  for (let i = 0; i < n; i += 1) {
    // Rows and columns are labelled by the document at that position, with its grade.
    const head = `${order[i]}`;
    setText(state.heads[i], head);
    setText(state.rowHeads[i], head);
    state.heads[i].title = `position ${i + 1}: ${order[i]}, grade ${gradeText(grades[i])}`;
    state.rowHeads[i].title = state.heads[i].title;
    setText(state.lambdaCells[i], cellText(state.lambdas[i]));
    state.lambdaCells[i].title = `λ of ${order[i]}: ${state.lambdas[i]} (negative pushes it up)`;
    const cells = state.cells[i];
    const row = matrix[i];
    for (let j = 0; j < n; j += 1) {
      if (i === j) continue;
      const value = row[j];
      // Ten shades are plenty to see, and far fewer style writes than a continuous scale.
      const shade = largest > 0 ? Math.round((Math.abs(value) / largest) * 10) : 0;
      const sign = value > 0 ? 1 : value < 0 ? -1 : 0;
      const cell = cells[j];
      if (cell.swShade !== shade || cell.swSign !== sign) {
        cell.swShade = shade;
        cell.swSign = sign;
        cell.className = `ndcg-sw__cell ndcg-sw__cell--${sign > 0 ? "gain" : sign < 0 ? "loss" : "zero"} ndcg-sw__shade-${shade}`;
      }
      setText(cell, values ? cellText(value) : "");
    }
  }
  return largest;
}
